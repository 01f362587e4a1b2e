#!/usr/bin/env python3
"""Benchmark C of Benchmarks/webhost.sh: the server's memory per session.

Reads the server's VmRSS, creates N sessions that each hold the tab bar with screen B pushed
(GET / -> 303 with the session cookie -> GET the Location -> POST the first action, "Next: B"),
reads VmRSS again and prints the difference per session. Python 3 standard library only.
"""

import argparse
import http.client
import re
import sys
import threading
import time

ACTION = re.compile(rb"/_action/[0-9a-f]{32}")
HEADING_B = re.compile(rb'class="nav-title">\s*Screen B\s*<')  # the navigation bar's title
SESSION = re.compile(r"flowhost_session=([0-9a-f]{32})")
POST_HEADERS = {"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


class Client:
    """One keep-alive connection; reconnects when the server closes it."""

    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method, path, headers, body=None):
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                return response, response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.connection.close()
                if attempt == 2:
                    raise
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)


class Problem(Exception):
    pass


def create_session(client):
    """Returns (cookie, location of the screen after the push)."""
    response, _ = client.request("GET", "/", {})
    cookies = " ".join(response.headers.get_all("Set-Cookie") or [])
    session = SESSION.search(cookies)
    location = response.headers.get("Location")
    if response.status != 303 or not session or not location:
        raise Problem(f"GET / answered {response.status}, Location {location!r}, Set-Cookie {cookies!r}")
    cookie = {"Cookie": f"flowhost_session={session.group(1)}"}
    response, html = client.request("GET", location, cookie)
    action = ACTION.search(html)
    if response.status != 200 or not action:
        raise Problem(f"GET {location} answered {response.status}, action found: {bool(action)}")
    response, _ = client.request("POST", action.group().decode(), {**cookie, **POST_HEADERS}, b"")
    pushed = response.headers.get("Location")
    if response.status != 303 or not pushed or pushed == location:
        raise Problem(f"POST {action.group().decode()} answered {response.status}, Location {pushed!r}")
    return cookie, pushed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True, help="the server's process id")
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()

    before = rss_kb(args.pid)
    print(f"VmRSS before: {before} KB; creating {args.sessions} sessions on {args.threads} connections...")
    sys.stdout.flush()

    lock = threading.Lock()
    created = []  # (cookie, location) of every session made
    problems = []
    remaining = [args.sessions]

    def work():
        client = Client(args.port)
        while True:
            with lock:
                if remaining[0] == 0 or len(problems) >= 10:
                    return
                remaining[0] -= 1
            try:
                session = create_session(client)
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

    # The last session's screen must be B: the push happened.
    verified = False
    if created:
        cookie, location = created[-1]
        response, html = Client(args.port).request("GET", location, cookie)
        verified = response.status == 200 and HEADING_B.search(html) is not None
        print(f"last session: GET {location} answered {response.status}, heading \"Screen B\": {verified}")

    per_session = (after - before) / len(created) if created else float("nan")
    print(f"VmRSS after: {after} KB (+{after - before} KB), {per_session:.1f} KB per session")
    print(
        f"RESULT before_kb={before} after_kb={after} created={len(created)} "
        f"per_session_kb={per_session:.2f} verified={'yes' if verified else 'no'} problems={len(problems)}"
    )


if __name__ == "__main__":
    main()
