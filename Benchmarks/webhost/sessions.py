#!/usr/bin/env python3
"""Benchmark C of Benchmarks/webhost.sh: the server's memory per session.

Reads the server's VmRSS, creates N sessions of the movie demo that each sign in as a browser does
and so hold the tab bar and their rendered movie list (GET / -> 303 with the session cookie -> GET
the Location, the sign-in screen -> POST its form with the demo account -> 303 -> GET the movie
list, 12 KB of HTML), reads VmRSS again and prints the difference per session. Sign-in waits 300 ms by design, hence many connections. Exits 1 unless every session
was made and the last one shows the movie list. Python 3 standard library only.

With --study-link LINK each session is a tester of that study (Benchmarks/testers.sh): it opens the
link and presses Start (POST /study/LINK), then signs in on its first task's page, the sign-in
screen, with the task's prompt above the phone; the last one must show it too.
"""

import argparse
import os
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
from flowhost_browser import Browser, rss_kb  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True, help="the server's process id")
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=64)
    parser.add_argument("--study-link", help="make each session a tester of the study of this link id")
    args = parser.parse_args()

    before = rss_kb(args.pid)
    print(f"VmRSS before: {before} KB; creating {args.sessions} sessions on {args.threads} connections...")
    sys.stdout.flush()

    lock = threading.Lock()
    created = []  # the browser of every session made
    problems = []
    remaining = [args.sessions]

    def work():
        while True:
            with lock:
                if remaining[0] == 0 or len(problems) >= 10:
                    return
                remaining[0] -= 1
            try:
                session = Browser(args.port)
                if args.study_link:
                    session.post(f"/study/{args.study_link}")
                session.sign_in()
                session.connection.close()
            except Exception as error:  # noqa: BLE001 - reported below, the run goes on
                with lock:
                    problems.append(str(error))
                continue
            with lock:
                created.append(session)

    start = time.monotonic()
    threads = [threading.Thread(target=work) for _ in range(args.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    time.sleep(1)  # let the server settle (nothing runs in the background, but be fair)
    after = rss_kb(args.pid)

    for problem in problems:
        print(f"problem: {problem}")
    print(f"created {len(created)} sessions in {elapsed:.1f} s ({len(created) / elapsed:.0f} sessions/s)")

    # The last session must show the movie list: it signed in.
    verified = False
    if created:
        last = created[-1]
        last.open(last.path)
        verified = last.title == "Movies" and (not args.study_link or 'class="study-task"' in last.page)
        print(f"last session: GET {last.path} shows {last.title!r}, the movie list: {verified}")

    per_session = (after - before) / len(created) if created else float("nan")
    print(f"VmRSS after: {after} KB (+{after - before} KB), {per_session:.1f} KB per session")
    print(
        f"RESULT before_kb={before} after_kb={after} created={len(created)} "
        f"per_session_kb={per_session:.2f} verified={'yes' if verified else 'no'} problems={len(problems)}"
        f"{' testers=yes' if args.study_link else ''}"
    )
    if problems or len(created) != args.sessions or not verified:
        sys.exit(f"sessions.py: FAILED: {len(created)} of {args.sessions} sessions made, "
                 f"{len(problems)} problems, last session on the movie list: {verified}")


if __name__ == "__main__":
    main()
