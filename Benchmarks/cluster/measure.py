"""Benchmarks/cluster.sh: several `flowhost serve` processes behind nginx on one store, measured
with the load driver (`flowhost-load --round-trips-only`). Prints the figures; exits 1 when the
driver found a wrong answer outside the rolling restart, or a part answered no round trip."""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from flowhost_cluster import Cluster  # noqa: E402


def status(port):
    """The sessions' counts of one process (/_flowhost/status)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/_flowhost/status", timeout=10) as response:
        return json.load(response)["sessions"]


def rebuilds(cluster):
    """Sessions rebuilt so far, over every process: not held (restored) or behind (reloaded)."""
    total = 0
    for server in cluster.servers:
        counts = status(server.port)
        total += counts.get("restored", 0) + counts.get("reloaded", 0)
    return total


def drive(driver, port, sessions, duration):
    """Runs the load driver's round trips; (exit code, its output)."""
    run = subprocess.run(
        [driver, "--server", f"http://127.0.0.1:{port}", "--round-trips-only", "--sessions", str(sessions),
         "--duration", str(duration)], capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def round_trips(output, sessions):
    """The round trips the driver reports answering (its table's row of `sessions`), or 0."""
    match = re.search(rf"^\s*{sessions}\s+(\d+)\s", output, re.M)
    return int(match.group(1)) if match else 0


def measure(name, cluster, driver, duration, failures):
    cluster.start()
    try:
        for sessions in (8, 64):
            before = rebuilds(cluster)
            code, output = drive(driver, cluster.port, sessions, duration)
            rebuilt = rebuilds(cluster) - before
            trips = round_trips(output, sessions)
            print(f"-- {name}, {sessions} sessions")
            print("   " + output.strip().replace("\n", "\n   "))
            # A click is one request (as flowhost.js sends it); each session's sign-in four (GET /, the
            # GET its 303 names, the sign-in POST, the GET its 303 names).
            requests = trips + 4 * sessions
            share = f"{100 * rebuilt / requests:.1f} %" if requests else "n/a"
            print(f"   requests on a process that rebuilt the session first: {rebuilt} of ~{requests} ({share})")
            if code != 0 or trips == 0:
                failures.append(f"{name}, {sessions} sessions: driver exit {code}, {trips} round trips")
    finally:
        cluster.stop()


def rolling_restart(cluster, driver, duration):
    cluster.start()
    try:
        result = {}
        load = threading.Thread(
            target=lambda: result.update(zip(("code", "output"), drive(driver, cluster.port, 64, duration))))
        load.start()
        time.sleep(duration / 4)
        away = []
        for index in range(len(cluster.servers)):
            if index > 0:
                time.sleep(Cluster.TAKEN_BACK_AFTER)
            away.append(cluster.restart(index, signal.SIGTERM))
        load.join()
        print(f"-- rolling restart under load (64 sessions, 2 processes on PostgreSQL, each SIGTERM and started "
              f"again: {', '.join(f'{seconds:.1f} s' for seconds in away)} away)")
        print("   " + result["output"].strip().replace("\n", "\n   "))
        errors = "0" if result["code"] == 0 else "at least 1 (the driver stops at the first)"
        print(f"   errors seen by clients: {errors}")
        return round_trips(result["output"], 64)
    finally:
        cluster.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("server")
    parser.add_argument("driver")
    parser.add_argument("postgres")
    parser.add_argument("--duration", type=float, default=10)
    args = parser.parse_args()
    os.chdir(ROOT)
    failures = []
    with tempfile.TemporaryDirectory(prefix="flowhost-cluster-bench-") as work:
        print(f"== {os.cpu_count()} cores; store {args.postgres}")
        for processes in (1, 2):
            folder = os.path.join(work, f"pg-{processes}")
            os.makedirs(folder)
            measure(f"nginx, {processes} process{'es' if processes > 1 else ''} on PostgreSQL",
                    Cluster(args.server, args.postgres, folder, processes), args.driver, args.duration, failures)
        folder = os.path.join(work, "sqlite")
        os.makedirs(folder)
        measure("nginx, 1 process on SQLite", Cluster(args.server, os.path.join(folder, "store.sqlite"), folder, 1),
                args.driver, args.duration, failures)
        folder = os.path.join(work, "rolling")
        os.makedirs(folder)
        # Long enough for both restarts to happen under load.
        if rolling_restart(Cluster(args.server, args.postgres, folder, 2), args.driver, max(args.duration, 10)) == 0:
            failures.append("the rolling restart answered no round trip")
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
