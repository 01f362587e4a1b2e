#!/usr/bin/env python3
"""The durable sessions of `flowhost serve` (Benchmarks/restart.sh), each on a new SQLite store:

A. store size: W sessions sign in and walk 30 clicks (seeded, any on-screen action); the store
   file's growth per session, with every path checked to be stored whole.
B. restart: N sessions sign in and open a movie each; the server is killed with SIGKILL and started
   again on the store: the time until /healthz answers, then until every one of the N has its
   first page again (on 16 connections), each checked to show its own movie with the list under it.
C. memory: H sessions sign in; the server's RSS growth per session while they are live; then the
   server is stopped and started again on the store, where all H are hibernated (only rows in the
   store): its RSS against a server on an empty store, per session.

Every figure is checked against the work it reports: the script exits 1 when a session was not
made, not stored or not rebuilt where it was. Python 3 standard library only.
"""

import argparse
import hashlib
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
from flowhost_browser import Browser, Problem, rss_kb  # noqa: E402

MOVIES = ["Heat", "The Godfather", "Casino", "Inception", "Titanic", "Interstellar", "The Dark Knight", "Good Will Hunting"]


class Server:
    """`flowhost serve` on a free port with the given store."""

    def __init__(self, binary, store, log, extra=()):
        self.binary, self.store, self.log, self.extra = binary, store, log, list(extra)
        self.process = None
        self.port = None

    def start(self, port=None):
        if port is None:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
        self.port = port
        started = time.perf_counter()
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [self.binary, "serve", "--port", str(port), "--store", self.store, "--log-level", "warning",
                 *self.extra], stdout=log, stderr=subprocess.STDOUT)
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
                    if response.status == 200:
                        return time.perf_counter() - started
            except OSError:
                time.sleep(0.002)
            if self.process.poll() is not None:
                sys.exit(f"the server exited (code {self.process.returncode}); see {self.log}")
            if time.perf_counter() - started > 60:
                sys.exit("no /healthz within 60 s")

    def stop(self, sig=signal.SIGTERM):
        """Stops the server; how long it took to exit (seconds). Fails past 60 s."""
        started = time.perf_counter()
        self.process.send_signal(sig)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            sys.exit(f"the server did not stop within 60 s of {signal.Signals(sig).name}; see {self.log}")
        return time.perf_counter() - started


def in_parallel(count, threads, work):
    """Runs work(i) for i in 0..<count on `threads` threads; the problems met (at most 10 kept)."""
    lock = threading.Lock()
    next_index = [0]
    problems = []

    def worker():
        while True:
            with lock:
                if next_index[0] == count or len(problems) >= 10:
                    return
                index = next_index[0]
                next_index[0] += 1
            try:
                work(index)
            except (Problem, OSError) as error:
                with lock:
                    problems.append(f"#{index}: {error}")

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return problems


def stored_paths(store):
    """Entries stored per session, by cookie digest (read while the server runs: the store is in WAL
    mode). The store keeps a session's id as the SHA-256 of its cookie: see stored_key."""
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        return dict(db.execute("SELECT session, COUNT(*) FROM entries GROUP BY session"))


def stored_key(cookie):
    """The store's key for the session of `cookie`: its SHA-256, in hex."""
    return hashlib.sha256(cookie.encode()).hexdigest()


def file_size(store):
    """The store's size once its write-ahead log is folded in (the server has stopped)."""
    with sqlite3.connect(store) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return os.path.getsize(store)


def entry_bytes(store):
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        return db.execute("SELECT SUM(LENGTH(entry)) FROM entries").fetchone()[0]


def fail_on(problems, what):
    for problem in problems:
        print(f"  problem: {problem}")
    if problems:
        sys.exit(f"restart: FAILED: {what}")


def store_size(binary, work, walks, clicks):
    print(f"== A. store size: {walks} sessions sign in and walk {clicks} clicks")
    store = os.path.join(work, "walks.sqlite")
    server = Server(binary, store, os.path.join(work, "server.log"))
    server.start()
    server.stop()
    empty = file_size(store)
    server.start()
    cookies = [None] * walks

    def walk(index):
        browser = Browser(server.port)
        browser.sign_in()
        generator = random.Random(index)
        for _ in range(clicks):
            label, url = generator.choice(browser.actions())
            form = "rating=4" if "rating" in browser.page else ""
            try:
                browser.post(url, form)
            except Problem:
                browser.open("/")  # e.g. an action whose screen left on its own; the next click
        cookies[index] = browser.cookie

    fail_on(in_parallel(walks, 16, walk), "a walk failed")
    counts = stored_paths(store)
    keys = {stored_key(cookie) for cookie in cookies}
    short = [count for key, count in counts.items() if key in keys and count < clicks]
    fail_on([f"{len(short)} stored paths are shorter than {clicks} entries"] if short or len(counts) < walks else [],
            "not every walk was stored")
    server.stop()
    size = file_size(store)
    entries = sum(counts.values())
    print(f"  {len(counts)} paths stored, {entries} entries ({entries / len(counts):.1f} a session, "
          f"{entry_bytes(store) / entries:.0f} bytes of JSON each); file {empty / 1024:.0f} KB empty -> "
          f"{size / 1024:.0f} KB")
    print(f"  RESULT store_bytes_per_session={(size - empty) / walks:.0f} (after a {clicks}-click walk)")


def restart(binary, work, sessions):
    print(f"== B. restart: {sessions} signed-in sessions, each on a movie; kill -9; start again")
    store = os.path.join(work, "restart.sqlite")
    server = Server(binary, store, os.path.join(work, "server.log"), ["--max-sessions", str(max(sessions, 1000))])
    server.start()
    cookies = [None] * sessions

    def open_movie(index):
        browser = Browser(server.port)
        browser.sign_in()
        browser.press(MOVIES[index % len(MOVIES)])
        cookies[index] = browser.cookie

    fail_on(in_parallel(sessions, 64, open_movie), "a session was not made")
    time.sleep(0.5)  # the last clicks reach the store (group commit)
    stored = stored_paths(store)
    fail_on([] if all(stored_key(cookie) in stored for cookie in cookies) else ["a session's clicks were not stored"],
            "not every session was stored")
    server.stop(signal.SIGKILL)

    to_health = server.start(server.port)
    started = time.perf_counter()

    def first_page(index):
        browser = Browser(server.port, cookie=cookies[index])
        browser.open("/")
        movie = MOVIES[index % len(MOVIES)]
        if browser.title != movie or not re.search(r'class="nav-back-label">\s*Movies\s*<', browser.page):
            raise Problem(f"rebuilt on {browser.title!r}, not {movie!r} above the list")

    problems = in_parallel(sessions, 16, first_page)
    to_all = time.perf_counter() - started
    fail_on(problems, "a session was not rebuilt where it was")
    server.stop()
    print(f"  RESULT restart_to_healthz_ms={to_health * 1000:.0f} (target < 1000) "
          f"all_first_pages_s={to_all:.2f} ({sessions / to_all:.0f} rebuilt sessions/s; {sessions} checked)")


def memory(binary, work, sessions):
    print(f"== C. memory: {sessions} signed-in sessions live, then hibernated (stored only)")
    limits = ["--max-sessions", str(sessions), "--max-stored-sessions", str(sessions + 500),
              "--hibernate-after", "1h", "--idle-timeout", "2h"]
    empty = Server(binary, os.path.join(work, "empty.sqlite"), os.path.join(work, "server.log"), limits)
    empty.start()
    time.sleep(1)
    empty_kb = rss_kb(empty.process.pid)
    empty.stop()

    store = os.path.join(work, "memory.sqlite")
    server = Server(binary, store, os.path.join(work, "server.log"), limits)
    server.start()
    time.sleep(1)
    before = rss_kb(server.process.pid)
    cookies = [None] * sessions
    started = time.perf_counter()

    def sign_in(index):
        browser = Browser(server.port)
        browser.sign_in()
        cookies[index] = browser.cookie

    fail_on(in_parallel(sessions, 128, sign_in), "a session was not made")
    made = time.perf_counter() - started
    time.sleep(1)
    live = rss_kb(server.process.pid)
    stop_live = server.stop()
    stored = stored_paths(store)
    missing = sum(1 for cookie in cookies if stored_key(cookie) not in stored)
    fail_on([f"{missing} sessions not stored"] if missing else [], "not every session was stored")

    server.start()
    time.sleep(1)
    hibernated = rss_kb(server.process.pid)
    last = Browser(server.port, cookie=cookies[-1])
    last.open("/")
    fail_on([] if last.title == "Movies" else [f"the last session shows {last.title!r}"], "not rebuilt")
    server.stop()
    print(f"  {sessions} sessions made in {made:.0f} s; RSS: empty server {empty_kb} KB, "
          f"before {before} KB, {sessions} live {live} KB, {sessions} hibernated {hibernated} KB")
    print(f"  RESULT stop_with_live_sessions_s={stop_live:.2f} (SIGTERM to exit, {sessions} sessions live; "
          f"load average {os.getloadavg()[0]:.1f})")
    print(f"  RESULT live_kb_per_session={(live - before) / sessions:.2f} "
          f"hibernated_bytes_per_session={(hibernated - empty_kb) * 1024 / sessions:.0f} (target < 1024)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("server", help="the flowhost binary")
    parser.add_argument("--walks", type=int, default=100)
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--hibernated", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        try:
            store_size(args.server, work, args.walks, args.clicks)
            restart(args.server, work, args.sessions)
            memory(args.server, work, args.hibernated)
        except SystemExit:
            with open(os.path.join(work, "server.log")) as log:
                print("== server log (last lines)\n" + "".join(log.readlines()[-20:]))
            raise


if __name__ == "__main__":
    main()
