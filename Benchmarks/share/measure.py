#!/usr/bin/env python3
"""What one open of a share link costs `flowhost serve` (Benchmarks/share.sh), on a new SQLite store:

A sharer signs in and walks 21 clicks, each posted with 50 KB of fields no form declares (they are
dropped, not recorded), ends on Heat and shares it. The link is opened once (warm-up), then N times
(200 by default), each by a new browser that keeps its session, as N people would. Measured: the
store's growth (pages in use, write-ahead log included, read while the server runs) and the server's
RSS growth, per open, new sessions included.

Every figure is checked against the work it reports: the script exits 1 when an open did not land
on Heat with the movie list under it, when a visitor's session was not stored as starting from the
share, or when an open copied entries into the store. Python 3 standard library only.
"""

import argparse
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
from flowhost_browser import DEMO_ACCOUNT, POST_HEADERS, Browser, Problem, rss_kb  # noqa: E402

JUNK = "&junk=" + "x" * 50_000
MOVIES = ["Heat", "The Godfather", "Casino", "Inception", "Titanic", "Interstellar", "The Dark Knight",
          "Good Will Hunting", "Heat", "Casino"]
SHARE_LINK = re.compile(r"/s/([0-9a-f]{32})")


def start(binary, store, log, opens):
    """`flowhost serve` on a free port (the OS picks it; the log line names it), room for every open."""
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--store", store, "--log-level", "notice",
         "--max-new-sessions", str(max(500, opens + 10))],
        stdout=log, stderr=subprocess.STDOUT)
    started = time.perf_counter()
    while time.perf_counter() - started < 60:
        if process.poll() is not None:
            sys.exit(f"the server exited (code {process.returncode})")
        with open(log.name) as text:
            match = re.search(r"at http://127\.0\.0\.1:(\d+)/", text.read())
        if match:
            port = int(match.group(1))
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
                if response.status == 200:
                    return process, port
        time.sleep(0.05)
    sys.exit("the server did not start within 60 s")


def store_bytes(store):
    """The bytes of the store's pages in use, the write-ahead log's committed pages included."""
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        pages, size, free = (db.execute(f"PRAGMA {name}").fetchone()[0]
                             for name in ("page_count", "page_size", "freelist_count"))
        return (pages - free) * size


def rows(store, sql):
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        return db.execute(sql).fetchone()[0]


def share(port):
    """The sharer's walk and its share: the link's id."""
    sharer = Browser(port)
    sharer.open("/")
    form = next(url for _, url in sharer.actions())
    sharer.post(form, DEMO_ACCOUNT + JUNK)
    if sharer.title != "Movies":
        raise Problem(f"signing in showed {sharer.title!r}")
    for movie in MOVIES:
        sharer.press(movie, JUNK[1:])
        sharer.press("Movies", JUNK[1:])  # the navigation bar's back button
    sharer.press("Heat", JUNK[1:])
    response, _ = sharer.request("POST", "/_share", b"", POST_HEADERS)
    if response.status != 303:
        raise Problem(f"POST /_share answered {response.status}")
    _, page = sharer.request("GET", response.headers["Location"])
    match = SHARE_LINK.search(page)
    if not match:
        raise Problem("the share page shows no link")
    return match.group(1)


def open_link(port, link):
    """A new browser opens the link: it must land on Heat, with the movie list under it."""
    visitor = Browser(port)
    visitor.open(f"/s/{link}")
    if visitor.title != "Heat" or not re.search(r'class="nav-back-label">\s*Movies\s*<', visitor.page):
        raise Problem(f"the link opened {visitor.title!r}, not Heat over the movie list")
    visitor.connection.close()
    return visitor


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("server", help="the flowhost binary")
    parser.add_argument("--opens", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work, open(os.path.join(work, "server.log"), "w") as log:
        store = os.path.join(work, "share", "flowhost.sqlite")
        process, port = start(args.server, store, log, args.opens)
        try:
            link = share(port)
            shared_entries = rows(store, "SELECT entryCount FROM shares")
            shared_bytes = rows(store, "SELECT LENGTH(path) FROM shares")
            open_link(port, link)  # warm-up: the first replay of this path
            time.sleep(1)
            entries, bytes_before, rss_before = rows(store, "SELECT COUNT(*) FROM entries"), store_bytes(store), rss_kb(process.pid)
            started = time.perf_counter()
            for _ in range(args.opens):
                open_link(port, link)
            elapsed = time.perf_counter() - started
            time.sleep(1)
            bytes_after, rss_after = store_bytes(store), rss_kb(process.pid)
            visitors = rows(store, "SELECT COUNT(*) FROM sessions WHERE share IS NOT NULL")
            copied = rows(store, "SELECT COUNT(*) FROM entries") - entries
        except (Problem, OSError) as problem:
            log.flush()
            with open(log.name) as text:
                print("== server log (last lines)\n" + "".join(text.readlines()[-20:]))
            sys.exit(f"share: FAILED: {problem}")
        finally:
            process.terminate()
            process.wait(timeout=30)
    problems = []
    if visitors != args.opens + 1:
        problems.append(f"{visitors} visitor sessions start from the share, not {args.opens + 1}")
    if copied:
        problems.append(f"the opens wrote {copied} entries: the shared path was copied")
    for problem in problems:
        print(f"  problem: {problem}")
    if problems:
        sys.exit("share: FAILED")
    print(f"== one share link ({shared_entries} clicks, posted with 50 KB of undeclared fields each; "
          f"the shared path is {shared_bytes} bytes) opened {args.opens} times in {elapsed:.2f} s")
    print(f"  store {bytes_before / 1024:.0f} KB -> {bytes_after / 1024:.0f} KB; "
          f"RSS {rss_before} KB -> {rss_after} KB; {visitors} visitor sessions refer to the share")
    print(f"  RESULT store_bytes_per_open={(bytes_after - bytes_before) / args.opens:.0f} (target < 1024) "
          f"rss_kb_per_open={(rss_after - rss_before) / args.opens:.1f} (target < 200)")


if __name__ == "__main__":
    main()
