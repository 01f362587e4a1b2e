#!/usr/bin/env python3
"""Benchmarks/snapshot.sh: pixel snapshots of every state of the sample.

Runs `flowhost snapshot` on the sample in a folder of its own (baselines and report in a temporary
folder): cold (no baseline, --record: every state shot and recorded), warm (nothing changed:
nothing shot), 10 consecutive warm runs, every state shot again and recorded (--all --record: 0
differing pixels, and how many pictures kept their bytes), and one template changed (only the states
whose page shows it are shot, counted from two static exports, and only they are listed as changed). Samples the sum of the RSS of Chromium's processes and the CPU
time of Chromium and flowhost every 0.1 s during the cold run. Prints the figures; exits 1 when a
run did not do the work it reports (a picture missing, a state shot that should not be, a status
that is wrong), 0 otherwise: no timing is asserted.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time


class Failure(Exception):
    pass


TICKS = os.sysconf("SC_CLK_TCK")


def sample(cpu):
    """The sum of RSS and of PSS, in KB, of the processes that belong to a snapshot's Chromium (its
    profile folder, flowhost-chromium.*, is on every one of their command lines); notes in `cpu`
    each one's and flowhost's CPU seconds so far, by process id and kind."""
    rss = pss = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                command = file.read()
            if b"flowhost-chromium." in command:
                kind = "chromium"
            elif b"snapshot\0--baseline\0work/Snapshots" in command:
                kind = "flowhost"
            else:
                continue
            with open(f"/proc/{pid}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            cpu[(kind, pid)] = max(cpu.get((kind, pid), 0), (int(fields[11]) + int(fields[12])) / TICKS)
            if kind == "flowhost":
                continue
            with open(f"/proc/{pid}/smaps_rollup") as file:
                for line in file:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return rss, pss


class Sampler:
    """Samples Chromium's memory and the CPU time of Chromium and flowhost every 0.1 s while they
    run; keeps the peaks and the totals (a process's last 0.1 s before it exits is not seen)."""

    def __init__(self):
        self.peak_rss = self.peak_pss = 0
        self.cpu = {}
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run)

    def run(self):
        while not self.done.wait(0.1):
            rss, pss = sample(self.cpu)
            self.peak_rss = max(self.peak_rss, rss)
            self.peak_pss = max(self.peak_pss, pss)

    def seconds(self, kind):
        return sum(seconds for (each, _), seconds in self.cpu.items() if each == kind)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exception):
        self.done.set()
        self.thread.join()


def snapshot(binary, folder, arguments, expect):
    """Runs `flowhost snapshot` from `folder`; returns (seconds, stderr, report.json)."""
    started = time.perf_counter()
    result = subprocess.run(
        [binary, "snapshot", "--baseline", "work/Snapshots", "--report", "work/report", *arguments],
        cwd=folder, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if result.returncode != expect:
        raise Failure(f"snapshot {' '.join(arguments)} exited {result.returncode}, not {expect}:\n{result.stderr}")
    with open(os.path.join(folder, "work/report/report.json")) as file:
        report = json.load(file)
    return elapsed, result.stderr, report


def export(binary, folder, bounds):
    """The pages of a static export of the app in `folder`, by file name."""
    out = os.path.join(folder, "work/export")
    shutil.rmtree(out, ignore_errors=True)
    # 69: no Graphviz for map.html; the pages are written all the same.
    result = subprocess.run([binary, "export", "--out", out, *bounds], cwd=folder, capture_output=True, text=True)
    if result.returncode not in (0, 69):
        raise Failure(f"export exited {result.returncode}:\n{result.stderr}")
    pages = {}
    for name in os.listdir(out):
        if name.endswith(".html") and name != "map.html":
            with open(os.path.join(out, name)) as file:
                pages[name] = file.read()
    return pages


def read(path):
    with open(path, "rb") as file:
        return file.read()


def shot(stderr):
    """How many pictures the run says it shot (its summary line: '...; N shot')."""
    match = re.search(r"; (\d+) shot", stderr)
    if not match:
        raise Failure(f"no summary line in:\n{stderr}")
    return int(match.group(1))


def statuses(report):
    counts = {}
    for state in report["states"]:
        counts[state["status"]] = counts.get(state["status"], 0) + 1
    return counts


def check(condition, message):
    if not condition:
        raise Failure(message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--smoke", action="store_true", help="a crawl of the first 2 steps, 2 warm runs")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    bounds = ["--max-steps", "2"] if arguments.smoke else []
    warm_runs = 2 if arguments.smoke else 10

    folder = tempfile.mkdtemp(prefix="flowhost-snapshot-bench.")
    try:
        shutil.copytree(os.path.join(root, "Templates"), os.path.join(folder, "Templates"))
        shutil.copytree(os.path.join(root, "Public"), os.path.join(folder, "Public"))
        map_json = json.loads(subprocess.run(
            [binary, "map", *bounds], cwd=folder, capture_output=True, text=True, check=True).stdout)
        states = map_json["states"]
        with open("/proc/loadavg") as file:
            load = file.read().split()[0]
        print(f"{len(states)} states; load average {load} on {os.cpu_count()} cores before the cold run")

        with Sampler() as sampler:
            cold, stderr, report = snapshot(binary, folder, [*bounds, "--record"], 0)
        pictures = [name for name in os.listdir(os.path.join(folder, "work/Snapshots")) if name.endswith(".png")]
        check(len(pictures) == len(states), f"{len(pictures)} pictures recorded for {len(states)} states")
        check(shot(stderr) == len(states), f"cold: {shot(stderr)} shot of {len(states)}")
        check(statuses(report) == {"new": len(states)}, f"cold: {statuses(report)}")
        size = sum(os.path.getsize(os.path.join(folder, "work/Snapshots", name)) for name in pictures)
        print(f"cold (no baseline, --record): {cold:.1f} s for {len(states)} pictures "
              f"({size / len(pictures) / 1024:.0f} KB each, {size / 1048576:.1f} MB in all)")
        print(f"Chromium's peak memory during the cold run: {sampler.peak_rss / 1024:.0f} MB RSS summed over its "
              f"processes ({sampler.peak_pss / 1024:.0f} MB PSS)")
        print(f"CPU time of the cold run: Chromium {sampler.seconds('chromium'):.1f} s, flowhost "
              f"{sampler.seconds('flowhost'):.1f} s (on 2 idle cores at best "
              f"{(sampler.seconds('chromium') + sampler.seconds('flowhost')) / 2:.1f} s)")
        check(sampler.peak_rss > 0, "Chromium's memory was never sampled")

        times = []
        for run in range(warm_runs):
            elapsed, stderr, report = snapshot(binary, folder, bounds, 0)
            times.append(elapsed)
            check(shot(stderr) == 0, f"warm run {run + 1} shot {shot(stderr)} pictures")
            check(statuses(report) == {"same": len(states)}, f"warm run {run + 1}: {statuses(report)}")
        print(f"warm (nothing changed), {warm_runs} runs: {min(times):.1f} s fastest, {sorted(times)[len(times) // 2]:.1f} s "
              f"median, {max(times):.1f} s slowest; 0 pictures shot, every state the same in each")

        # Every picture shot again and written over its baseline (--all --record): how many kept their bytes.
        baselines = os.path.join(folder, "work/Snapshots")
        recorded = {name: read(os.path.join(baselines, name)) for name in pictures}
        elapsed, stderr, report = snapshot(binary, folder, [*bounds, "--all", "--record"], 0)
        check(shot(stderr) == len(states), f"--all shot {shot(stderr)} of {len(states)}")
        differing = sum(state["differentPixels"] or 0 for state in report["states"])
        check(statuses(report) == {"same": len(states)} and differing == 0, f"--all: {statuses(report)}, {differing} pixels")
        identical = sum(1 for name in pictures if read(os.path.join(baselines, name)) == recorded[name])
        print(f"every state shot again (--all --record): {elapsed:.1f} s, 0 differing pixels; {identical} of "
              f"{len(pictures)} pictures byte-identical to the cold run's")

        # The states whose page shows the changed template (on top, or behind a sheet or an alert)
        # are counted from two static exports: their pages are the ones that differ.
        before = export(binary, folder, bounds)
        detail = os.path.join(folder, "Templates/movies/detail.mustache")
        with open(detail) as file:
            text = file.read()
        marker = '<h2 class="hero-title">'
        check(marker in text, f"{detail} has no {marker}")
        with open(detail, "w") as file:
            file.write(text.replace(marker, marker + "Now showing: ", 1))
        after = export(binary, folder, bounds)
        showing = sum(1 for name in before if before[name] != after.get(name))
        check(len(before) == len(states) and 0 < showing < len(states), f"{showing} of {len(before)} pages changed")
        elapsed, stderr, report = snapshot(binary, folder, bounds, 1)
        counts = statuses(report)
        changed = [state for state in report["states"] if state["status"] == "changed"]
        check(shot(stderr) == showing, f"one template changed: {shot(stderr)} shot, {showing} pages show it")
        check(set(counts) == {"changed", "same"} and 0 < len(changed) <= showing,
              f"one template changed: {counts}, {showing} pages show it")
        check(report["states"][:len(changed)] == changed, "the changed states come first")
        print(f"one template changed (movies/detail): {elapsed:.1f} s; {showing} pages show it (on top or behind a "
              f"sheet or an alert): exactly those {showing} shot, {len(changed)} listed as changed (the others look "
              f"the same: covered where it changed), {counts['same']} same")
    except (Failure, subprocess.CalledProcessError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
