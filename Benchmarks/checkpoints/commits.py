#!/usr/bin/env python3
"""The SQLite store's append transactions, written back to back, timed commit by commit: where its
POST p99 tail came from (issue 42) and what WALCheckpointer does about it.

Each transaction is a group commit of the store's appends (its tables and statements, WAL,
synchronous=NORMAL, in a file beside the others in /tmp). Three ways of checkpointing, in turns:
  own    SQLite's default, as the store did: the committing connection checkpoints every 1,000
         pages of log, copying them and waiting for two fsyncs while the appends wait;
  apart  as the store does now (WALCheckpointer): no checkpoint in the writer; another connection
         on another thread runs a passive one every 256 appends; when it finds more than 10,000
         pages of log, the writer checkpoints once itself (timed as part of its next transaction);
  none   no checkpoint at all: the floor (the log grows without bound).
Prints per way the commits' p50, p99, p99.9 and max, and the log's size at the end. Python 3
standard library only (its sqlite3 lets other threads run while SQLite works). Exits 1 when a
transaction did not store its appends.
Usage: Benchmarks/checkpoints/commits.py [--seconds 10] [--rounds 2] [--appends 16]
"""

import argparse
import os
import shutil
import sqlite3
import tempfile
import threading
import time

WRITES_PER_CHECKPOINT = 256
MAX_LOG_FRAMES = 10_000


def run(way, seconds, appends):
    folder = tempfile.mkdtemp(prefix="flowhost-checkpoints-")
    path = os.path.join(folder, "store.sqlite")
    try:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript("""
            CREATE TABLE sessions (id TEXT PRIMARY KEY NOT NULL, entryCount INTEGER NOT NULL,
                lastUsed REAL NOT NULL, recency INTEGER NOT NULL, share TEXT);
            CREATE INDEX sessionsByRecency ON sessions (recency);
            CREATE TABLE entries (session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                position INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (session, position));
        """)
        lock = threading.Lock()
        state = {"writes": 0, "running": False, "writer": False, "background": 0, "own": 0}
        if way != "own":
            db.execute("PRAGMA wal_autocheckpoint=0")
        other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)

        def checkpoint():
            frames = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1]
            with lock:
                state["running"] = False
                state["background"] += 1
                state["writer"] = state["writer"] or frames > MAX_LOG_FRAMES

        latencies = []
        appended = 0
        entry = "x" * 300  # about a click path entry's sealed JSON
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            start = time.perf_counter()
            if way == "apart":
                with lock:
                    own, state["writer"] = state["writer"], False
                if own:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    state["own"] += 1
            db.execute("BEGIN IMMEDIATE")
            for _ in range(appends):
                # 640 sessions clicking in turn: each append updates its session and adds an entry.
                key, position = "%064x" % (appended % 640), appended // 640
                appended += 1
                db.execute(
                    "INSERT INTO sessions (id, entryCount, lastUsed, recency) VALUES (?1, ?2, ?3,"
                    " (SELECT COALESCE(MAX(recency), 0) + 1 FROM sessions)) ON CONFLICT (id) DO UPDATE"
                    " SET entryCount = ?2, lastUsed = ?3, recency = excluded.recency",
                    (key, position + 1, time.time()))
                db.execute("INSERT INTO entries (session, position, entry) VALUES (?, ?, ?)", (key, position, entry))
            db.execute("COMMIT")
            latencies.append(time.perf_counter() - start)
            if way == "apart":
                with lock:
                    state["writes"] += appends
                    starts = state["writes"] >= WRITES_PER_CHECKPOINT and not state["running"]
                    if starts:
                        state["writes"], state["running"] = 0, True
                if starts:
                    threading.Thread(target=checkpoint).start()
        while state["running"]:
            time.sleep(0.01)
        stored = db.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
        if stored != appended:
            raise SystemExit(f"error: {appended} appends, {stored} entries stored")
        log = os.path.getsize(path + "-wal") / 1e6
        other.close()
        db.close()
    finally:
        shutil.rmtree(folder)
    latencies.sort()

    def ms(fraction):
        return latencies[min(len(latencies) - 1, int(fraction * len(latencies)))] * 1e3

    checkpoints = (
        f"; {state['background']} checkpoints apart, {state['own']} in the writer" if way == "apart" else "")
    print(f"{way:5} {len(latencies):6} commits of {appends} appends: p50 {ms(0.5):.2f} ms, p99 {ms(0.99):.2f},"
          f" p99.9 {ms(0.999):.2f}, max {latencies[-1] * 1e3:.1f}; log {log:.1f} MB{checkpoints}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--appends", type=int, default=16, help="appends a group commit")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for _ in range(args.rounds):
        for way in ("own", "apart", "none"):
            run(way, args.seconds, args.appends)


if __name__ == "__main__":
    main()
