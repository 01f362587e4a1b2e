#!/usr/bin/env python3
"""Benchmark C of Benchmarks/webhost.sh: the server's memory per session.

Reads the server's VmRSS, creates N sessions of the movie demo that each sign in and so hold the
tab bar (GET / -> 303 with the session cookie -> GET the Location, the sign-in screen -> POST its
form with the demo account -> 303 to the movie list), reads VmRSS again and prints the difference
per session. Sign-in waits 300 ms by design, hence many connections. Exits 1 unless every session
was made and the last one shows the movie list. Python 3 standard library only.
"""

import argparse
import http.client
import re
import sys
import threading
import time

SIGN_IN_FORM = re.compile(rb'<form[^>]*action="(/_action/[0-9a-f]{32})"[^>]*>\s*(?:(?!</form>).)*name="email"', re.S)
MOVIES = b"<title>Movies</title>"
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
    """Returns (cookie, location of the movie list it signed in to)."""
    response, _ = client.request("GET", "/", {})
    cookies = " ".join(response.headers.get_all("Set-Cookie") or [])
    session = SESSION.search(cookies)
    location = response.headers.get("Location")
    if response.status != 303 or not session or not location:
        raise Problem(f"GET / answered {response.status}, Location {location!r}, Set-Cookie {cookies!r}")
    cookie = {"Cookie": f"flowhost_session={session.group(1)}"}
    response, html = client.request("GET", location, cookie)
    action = SIGN_IN_FORM.search(html)
    if response.status != 200 or not action:
        raise Problem(f"GET {location} answered {response.status}, sign-in form found: {bool(action)}")
    path = action.group(1).decode()
    response, _ = client.request("POST", path, {**cookie, **POST_HEADERS}, b"email=ada%40example.com&password=flowhost")
    movies = response.headers.get("Location")
    if response.status != 303 or not movies:
        raise Problem(f"POST {path} (sign-in) answered {response.status}, Location {movies!r}")
    return cookie, movies


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True, help="the server's process id")
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=64)
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

    # The last session must show the movie list: it signed in.
    verified = False
    if created:
        cookie, location = created[-1]
        response, html = Client(args.port).request("GET", location, cookie)
        verified = response.status == 200 and MOVIES in html
        print(f"last session: GET {location} answered {response.status}, the movie list: {verified}")

    per_session = (after - before) / len(created) if created else float("nan")
    print(f"VmRSS after: {after} KB (+{after - before} KB), {per_session:.1f} KB per session")
    print(
        f"RESULT before_kb={before} after_kb={after} created={len(created)} "
        f"per_session_kb={per_session:.2f} verified={'yes' if verified else 'no'} problems={len(problems)}"
    )
    if problems or len(created) != args.sessions or not verified:
        sys.exit(f"sessions.py: FAILED: {len(created)} of {args.sessions} sessions made, "
                 f"{len(problems)} problems, last session on the movie list: {verified}")


if __name__ == "__main__":
    main()
