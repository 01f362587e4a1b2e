#!/usr/bin/env python3
"""The process-level checks of Benchmarks/limits.sh against a running `flowhost serve`.

streams: three rounds of N live-move streams opened and closed on one session, 1.5 s apart (RSS
         after each round within 15 % of the first round's); then M streams requested and held on
         one session (at most the per-session cap open, RSS growth under 10 MB).
bots:    30 signed-in sessions, each on a movie of its own; then K requests from clients that keep
         no cookies, half of them following redirects (all 30 still on their movie; RSS printed).
slow:    S connections that each send half a request head and stall (slowloris), against a server
         started with --request-head-timeout T: all closed by the server within T + 2 s, a
         health check answered meanwhile (RSS and the time to close printed).

Prints figures, then `N passed, N failed`; exits 1 when a check failed. Standard library only.
"""

import argparse
import asyncio
import http.client
import json
import os
import re
import resource
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
from flowhost_browser import Browser, rss_kb  # noqa: E402

EVENTS = re.compile(r'data-events="([^"]+)"')


def rss_mb(pid):
    return rss_kb(pid) / 1024


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        print(f"  {'PASS' if ok else 'FAIL'}: {what}", flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1


NO_STATUS = {"eventStreams": {"open": -1, "limit": -1, "refused": -1},
             "sessions": {key: -1 for key in ("new", "returning", "started", "promoted", "evictedNew",
                                               "evictedReturning", "expired")}}


class CountingRedirects(urllib.request.HTTPRedirectHandler):
    """Follows up to 50 redirects (as curl -L does), counting them."""

    max_redirections = 50

    def __init__(self):
        self.hops = 0

    def redirect_request(self, request, fp, code, message, headers, new_url):
        self.hops += 1
        return super().redirect_request(request, fp, code, message, headers, new_url)


def status(port):
    """The server's /_flowhost/status (counts of -1 from a server that has none: an older build)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_flowhost/status") as response:
            return json.load(response)
    except urllib.error.HTTPError:
        return NO_STATUS


async def open_stream(port, path, cookie):
    """Opens an event stream; returns (reader, writer) once its first bytes arrived."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: flowhost_session={cookie}\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"stream answered {head.splitlines()[0]!r}")
    return reader, writer


async def open_streams(port, path, cookie, count, concurrency=200):
    semaphore = asyncio.Semaphore(concurrency)

    async def one():
        async with semaphore:
            return await open_stream(port, path, cookie)

    return await asyncio.gather(*(one() for _ in range(count)))


def close_all(streams):
    for _, writer in streams:
        writer.close()


def check_streams(port, pid, rounds_of, held, checks):
    print(f"== Event streams: 3 rounds of {rounds_of} opened and closed on one session, 1.5 s apart")
    browser = Browser(port)
    page = browser.open("/")
    events = EVENTS.search(page).group(1).replace("&amp;", "&")
    cap = status(port)["eventStreams"]

    async def rounds():
        after = []
        for round_number in (1, 2, 3):
            streams = await open_streams(port, events, browser.cookie, rounds_of)
            close_all(streams)
            await asyncio.sleep(1.5)
            after.append(rss_mb(pid))
            print(f"  round {round_number}: RSS {after[-1]:.1f} MB, streams open {status(port)['eventStreams']['open']}")
        return after

    after = asyncio.run(rounds())
    growth = max(after) / after[0] - 1
    checks.check(growth <= 0.15, f"RSS after each round within 15 % of the first round's ({100 * growth:+.1f} %)")
    checks.check(status(port)["eventStreams"]["open"] == 0, "no stream is open a round later")

    print(f"== Event streams: {held} requested and held open on one session")

    async def hold():
        before = rss_mb(pid)
        streams = await open_streams(port, events, browser.cookie, held)
        await asyncio.sleep(1.0)
        open_now = status(port)["eventStreams"]["open"]
        during = rss_mb(pid)
        close_all(streams)
        return before, during, open_now

    before, during, open_now = asyncio.run(hold())
    per_session = 8
    print(f"  RSS {before:.1f} -> {during:.1f} MB; open on the server: {open_now} (server cap {cap['limit']})")
    checks.check(0 <= open_now <= per_session, f"at most the per-session cap ({per_session}) open: {open_now}")
    checks.check(during - before < 10, f"RSS growth under 10 MB: {during - before:.1f} MB")


def check_bots(port, pid, requests, checks):
    print(f"== Clients without cookies: 30 signed-in sessions, then {requests} cookieless requests")
    people = []
    for index in range(30):
        person = Browser(port)
        person.sign_in()
        movie = index % 24 + 1
        person.open(f"/link/movies/{movie}")
        people.append((person, person.path))
    before = rss_mb(pid)
    started = status(port)["sessions"]["started"]
    redirects = []

    def plain(_):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/")
        connection.getresponse().read()
        connection.close()

    def following(_):
        counter = CountingRedirects()
        opener = urllib.request.build_opener(counter)  # follows redirects, as curl -L; keeps no cookies
        try:
            with opener.open(f"http://127.0.0.1:{port}/") as response:
                response.read()
        except urllib.error.HTTPError:  # past 50 redirects
            pass
        redirects.append(counter.hops)

    began = time.monotonic()
    with ThreadPoolExecutor(16) as pool:
        list(pool.map(plain, range(requests // 2)))
        list(pool.map(following, range(requests - requests // 2)))
    elapsed = time.monotonic() - began
    after = rss_mb(pid)
    counts = status(port)["sessions"]
    print(f"  {requests} requests in {elapsed:.1f} s; sessions started {counts['started'] - started}; "
          f"RSS {before:.1f} -> {after:.1f} MB; status {json.dumps(counts)}")
    still = sum(1 for person, path in people if person.open("/") and person.path == path)
    checks.check(still == 30, f"all 30 signed-in sessions still on their screen: {still} of 30")
    checks.check(counts["evictedReturning"] == 0, f"no returning session evicted: {counts['evictedReturning']}")
    following_fetches = requests - requests // 2
    checks.check(started >= 0 and counts["started"] - started <= requests + following_fetches,
                 "a cookieless client starts at most two sessions a fetch (one redirect)")
    checks.check(all(hops <= 1 for hops in redirects), f"at most one redirect a fetch: most {max(redirects)}")


def check_slow_clients(port, pid, count, bound, checks):
    print(f"== Slow clients: {count} connections that send half a request head, --request-head-timeout {bound} s")

    async def stall(semaphore):
        async with semaphore:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            await writer.drain()
        sent = time.monotonic()
        try:
            closed = await asyncio.wait_for(reader.read(1), timeout=bound + 10) == b""
        except asyncio.TimeoutError:
            closed = False
        except ConnectionError:
            closed = True
        writer.close()
        return closed, time.monotonic() - sent

    async def run():
        before = rss_mb(pid)
        semaphore = asyncio.Semaphore(200)
        stalls = [asyncio.create_task(stall(semaphore)) for _ in range(count)]
        await asyncio.sleep(bound / 2)
        during = rss_mb(pid)
        health = await asyncio.to_thread(
            lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).status)
        return before, during, health, await asyncio.gather(*stalls)

    before, during, health, results = asyncio.run(run())
    closed = sorted(seconds for was_closed, seconds in results if was_closed)
    print(f"  closed by the server: {len(closed)} of {count}; after {closed[len(closed) // 2]:.2f} s median, "
          f"{closed[-1]:.2f} s at most; RSS {before:.1f} -> {during:.1f} MB while they stalled" if closed else
          f"  closed by the server: 0 of {count}")
    checks.check(len(closed) == count, f"every stalled connection closed by the server: {len(closed)} of {count}")
    checks.check(bool(closed) and closed[-1] < bound + 2, f"within {bound} s + 2 s of its first byte")
    checks.check(health == 200, "a health check answered while they stalled")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--streams", type=int, default=2000, help="streams per round")
    parser.add_argument("--held", type=int, default=3000, help="streams held on one session")
    parser.add_argument("--requests", type=int, default=5000, help="cookieless requests")
    parser.add_argument("--slow", type=int, default=1000, help="connections that stall in their request head")
    parser.add_argument("--head-timeout", type=float, default=2, help="the server's --request-head-timeout, seconds")
    arguments = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    checks = Checks()
    check_streams(arguments.port, arguments.pid, arguments.streams, arguments.held, checks)
    check_bots(arguments.port, arguments.pid, arguments.requests, checks)
    check_slow_clients(arguments.port, arguments.pid, arguments.slow, arguments.head_timeout, checks)
    print(f"{checks.passed} passed, {checks.failed} failed")
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
