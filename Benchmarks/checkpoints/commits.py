#!/usr/bin/env python3
"""The SQLite store's append transactions, written back to back, timed commit by commit: where its
POST p99 tail came from (issue 42) and what WALCheckpointer does about it.

Each transaction is a group commit of the store's appends (its tables and statements, WAL,
synchronous=NORMAL, in a file beside the others in /tmp). Four ways of checkpointing, in turns:
  own    SQLite's default, as the store did: the committing connection checkpoints every 1,000
         pages of log, copying them and waiting for two fsyncs while the appends wait;
  apart  as the store did until the log's bound (WALCheckpointer before it): no checkpoint in the
         writer; another connection on another thread runs a passive one every 256 appends; when
         it finds more than 10,000 pages of log, the writer checkpoints once itself (timed as part
         of its next transaction);
  bound  as the store does now (WALCheckpointer): the passive checkpoints apart; the writer reads
         the log's length after each commit (the store gets it from SQLite's WAL hook, this from
         the shared-memory index) and past 10,000 pages, once no checkpoint is running (none
         starts past it; at twice that, after the one running), has the other connection copy the
         rest before its next transaction (timed as part of it), which starts the log over;
  none   no checkpoint at all: the floor (the log grows without bound).
Prints per way the commits' p50, p99, p99.9 and max, the log's size at the end, and the writer's
stops for a checkpoint (how many, median and longest). Python 3 standard library only (its sqlite3
lets other threads run while SQLite works). Exits 1 when a transaction did not store its appends.
Usage: Benchmarks/checkpoints/commits.py [--seconds 10] [--rounds 2] [--appends 16] [--ways own,apart,bound,none]
"""

import argparse
import os
import shutil
import sqlite3
import struct
import tempfile
import threading
import time

WRITES_PER_CHECKPOINT = 256
MAX_LOG_FRAMES = 10_000


def log_frames(path):
    """The pages in the log: mxFrame in the WAL index's header (the -shm file, native byte order)."""
    with open(path + "-shm", "rb") as index:
        index.seek(16)
        return struct.unpack("=I", index.read(4))[0]


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
        # One checkpoint at a time on the other connection.
        checkpointing = threading.Lock()
        if way != "own":
            db.execute("PRAGMA wal_autocheckpoint=0")
        other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)

        def checkpoint():
            with checkpointing:
                frames = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1]
            with lock:
                state["running"] = False
                state["background"] += 1
                state["writer"] = state["writer"] or frames > MAX_LOG_FRAMES

        latencies = []
        appended = 0
        next_stop, last_frames = MAX_LOG_FRAMES, 0
        stops = []  # how long each stop of the writer took
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
                    stops.append(time.perf_counter() - start)
            if way == "bound":
                frames = log_frames(path)
                if frames < last_frames:
                    next_stop = MAX_LOG_FRAMES
                last_frames = frames
                with lock:
                    # Past the bound once none is running, or at twice the bound after the one running.
                    stops_now = frames > next_stop and (not state["running"] or frames > 2 * next_stop)
                    state["running"] = state["running"] or stops_now
                if stops_now:
                    with checkpointing:
                        _, logged, copied = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    next_stop = MAX_LOG_FRAMES if copied == logged else frames + MAX_LOG_FRAMES // 8
                    with lock:
                        state["running"], state["writes"] = False, 0
                    state["own"] += 1
                    stops.append(time.perf_counter() - start)
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
            if way in ("apart", "bound"):
                with lock:
                    state["writes"] += appends
                    starts = state["writes"] >= WRITES_PER_CHECKPOINT and not state["running"]
                    # Bound: past it, none starts; the writer stops as soon as the one running ends.
                    starts = starts and not (way == "bound" and last_frames > next_stop)
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

    stops.sort()
    checkpoints = (
        f"; {state['background']} checkpoints apart, {state['own']} stops of the writer"
        + (f" (median {stops[len(stops) // 2] * 1e3:.1f} ms, max {stops[-1] * 1e3:.1f})" if stops else "")
        if way in ("apart", "bound") else "")
    print(f"{way:5} {len(latencies):6} commits of {appends} appends: p50 {ms(0.5):.2f} ms, p99 {ms(0.99):.2f},"
          f" p99.9 {ms(0.999):.2f}, max {latencies[-1] * 1e3:.1f}; log {log:.1f} MB{checkpoints}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--appends", type=int, default=16, help="appends a group commit")
    parser.add_argument("--ways", default="own,apart,bound,none", help="the ways to run, in turn")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for _ in range(args.rounds):
        for way in args.ways.split(","):
            run(way, args.seconds, args.appends)


if __name__ == "__main__":
    main()
