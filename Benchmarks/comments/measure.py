#!/usr/bin/env python3
"""What comments cost `flowhost serve` (Benchmarks/comments.sh):

1. Live: a reader's page is open on the movie list with its event stream listening; a writer in
   another browser posts a comment on the same screen. Measured: from the post to the reader's
   stream moving it and its new page showing the comment, over R rounds, on the memory store (one
   process) and, given a PostgreSQL URL, with reader and writer on two processes sharing it (the
   reader's process learns of the comment from the store's change notification, LISTEN/NOTIFY).
2. Store bytes per comment: N comments (each on the movie list after the sign-in and 10 clicks, so
   with a path of 11 entries) in a new SQLite store; its pages in use before and after.
3. Replay across builds: the server restarted on that store replays the N comments' paths. Measured:
   when its first page is answered (the replay must not hold it up) and when the log says the
   replay ended.

Every figure is checked against the work it reports: the script exits 1 when a reader's new page does
not show the comment, the store does not hold N comments, or the replay did not replay N. Python 3
standard library only.
"""

import argparse
import http.client
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
from flowhost_browser import POST_HEADERS, Browser, Problem  # noqa: E402

EVENTS = re.compile(r'data-events="([^"]+)"')
SERVES = re.compile(r"serves .* at http://127\.0\.0\.1:(\d+)/")
REPLAYED = re.compile(r"comments replayed: (\d+), of which (\d+) outdated")


def start(binary, store, log, extra=()):
    """`flowhost serve` on a free port (the OS picks it; the log's next "serves" line names it);
    (process, port, when it was launched)."""
    with open(log.name) as text:
        earlier = len(SERVES.findall(text.read()))
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--store", store, "--no-watch", "--comments-per-minute", "1000000",
         "--max-new-sessions", "500", *extra],
        stdout=log, stderr=subprocess.STDOUT)
    started = time.perf_counter()
    while time.perf_counter() - started < 120:
        if process.poll() is not None:
            raise Problem(f"the server exited (code {process.returncode})")
        with open(log.name) as text:
            ports = SERVES.findall(text.read())
        if len(ports) > earlier:
            port = int(ports[earlier])
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
                    if response.status == 200:
                        return process, port, started
            except OSError:
                pass
        time.sleep(0.01)
    stop(process)
    raise Problem("the server did not start within 120 s")


def stop(process):
    process.terminate()
    process.wait(timeout=30)


def comment(browser, text):
    response, _ = browser.request(
        "POST", "/_flowhost/comments", urllib.parse.urlencode({"author": "Ada", "text": text}).encode(), POST_HEADERS)
    if response.status != 303:
        raise Problem(f"posting a comment answered {response.status}")


def live_rounds(reader_port, writer_port, rounds):
    """Seconds from each post to the reader's page showing it."""
    reader, writer = Browser(reader_port), Browser(writer_port)
    reader.sign_in()
    writer.sign_in()
    times = []
    for number in range(rounds):
        events = EVENTS.search(reader.page)
        if not events:
            raise Problem("the reader's page has no event stream")
        stream = http.client.HTTPConnection("127.0.0.1", reader_port, timeout=30)
        stream.request("GET", events.group(1).replace("&amp;", "&"), headers={"Cookie": f"flowhost_session={reader.cookie}"})
        response = stream.getresponse()
        time.sleep(0.3)  # the stream listens
        text = f"live comment {number} {time.time()}"
        posted = time.perf_counter()
        comment(writer, text)
        moved = None
        while moved is None:
            line = response.fp.readline().decode()
            if not line:
                raise Problem("the reader's stream ended without a move")
            if line.startswith("data: ") and "/screen/" in line:
                moved = line[len("data: "):].strip()
        reader.open(moved)
        elapsed = time.perf_counter() - posted
        stream.close()
        if text not in reader.page:
            raise Problem(f"the reader's new page does not show comment {number}")
        times.append(elapsed)
    return times


def store_bytes(store):
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        pages, size, free = (db.execute(f"PRAGMA {name}").fetchone()[0]
                             for name in ("page_count", "page_size", "freelist_count"))
        return (pages - free) * size


def rows(store, sql):
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        return db.execute(sql).fetchone()[0]


def figures(times):
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("server", help="the flowhost binary")
    parser.add_argument("--comments", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--postgres", help="a PostgreSQL URL for the two-process figure")
    args = parser.parse_args()
    problems = []
    with tempfile.TemporaryDirectory() as work, open(os.path.join(work, "server.log"), "w") as log:
        processes = []
        try:
            # 1. Live, one process, memory store.
            process, port, _ = start(args.server, "memory", log)
            processes.append(process)
            memory = live_rounds(port, port, args.rounds)
            stop(processes.pop())
            print(f"== live: a comment shows on a second browser's open page, memory store, one process "
                  f"({args.rounds} rounds): {figures(memory)}")

            if args.postgres:
                first, first_port, _ = start(args.server, args.postgres, log)
                processes.append(first)
                second, second_port, _ = start(args.server, args.postgres, log)
                processes.append(second)
                shared = live_rounds(first_port, second_port, args.rounds)
                stop(processes.pop())
                stop(processes.pop())
                print(f"== live: PostgreSQL, reader and writer on two processes ({args.rounds} rounds): "
                      f"{figures(shared)}")

            # 2. Store bytes per comment.
            store = os.path.join(work, "comments", "flowhost.sqlite")
            process, port, _ = start(args.server, store, log)
            processes.append(process)
            writer = Browser(port)
            writer.sign_in()
            for _ in range(5):
                writer.press("Heat")
                writer.press("Movies")
            time.sleep(1)
            before = store_bytes(store)
            started = time.perf_counter()
            for number in range(args.comments):
                comment(writer, f"Comment {number}: this button should say Save, and Back should lead to the list.")
            written = time.perf_counter() - started
            time.sleep(1)
            after = store_bytes(store)
            count = rows(store, "SELECT COUNT(*) FROM comments")
            row = rows(store, "SELECT AVG(LENGTH(id) + LENGTH(author) + LENGTH(path) + LENGTH(fields) + LENGTH(replies)) "
                              "FROM comments")
            # The flowhost_at cookie's value: LENGTH-TAG.
            path_entries = str(writer.path_length).split("-")[0]
            stop(processes.pop())
            if count != args.comments:
                problems.append(f"the store holds {count} comments, not {args.comments}")
            print(f"== store: {args.comments} comments (paths of {path_entries} entries) posted in {written:.2f} s "
                  f"({written / args.comments * 1000:.1f} ms each); SQLite pages {(after - before) / args.comments:.0f} "
                  f"bytes per comment, its columns {row:.0f} bytes")

            # 3. Replay at start.
            process, port, started = start(args.server, store, log, ["--log-level", "info"])
            processes.append(process)
            first_page = Browser(port)
            first_page.open("/")
            page_after = time.perf_counter() - started
            replayed = None
            while replayed is None and time.perf_counter() - started < 600:
                with open(log.name) as text:
                    matches = REPLAYED.findall(text.read())
                # The log holds the earlier servers' lines too: this server's is the one for N.
                replayed = next((m for m in matches if int(m[0]) == args.comments), None)
                if replayed is None:
                    time.sleep(0.02)
            replay_after = time.perf_counter() - started
            stop(processes.pop())
            if replayed is None:
                problems.append(f"the server did not log replaying {args.comments} comments")
            else:
                print(f"== replay at start: {args.comments} comments' paths replayed "
                      f"({replayed[1]} outdated) {replay_after:.2f} s after launch; first page answered "
                      f"{page_after:.2f} s after launch")
        except (Problem, OSError) as problem:
            log.flush()
            with open(log.name) as text:
                print("== server log (last lines)\n" + "".join(text.readlines()[-20:]))
            problems.append(str(problem))
        finally:
            for process in processes:
                stop(process)
    for problem in problems:
        print(f"  problem: {problem}")
    if problems:
        sys.exit("comments: FAILED")


if __name__ == "__main__":
    main()
