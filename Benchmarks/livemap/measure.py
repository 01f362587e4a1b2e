#!/usr/bin/env python3
"""Benchmarks/livemap.sh: do pages go on while the live flow map crawls?

Starts `flowhost serve` (memory store), signs in 8 browsers (--sessions; the smoke signs in 2),
then measures, from those sessions in a closed loop, the page GET (the published page, served
without the main actor) and the action round trip (POST -> 303 -> GET: the main actor runs the
action and captures the page), first idle for a while, then while the first GET /_flowhost/map
crawls the whole app (on the main actor, in windows of its own). Prints p50/p99 of both phases and
their ratio. Exits 1 when an answer is wrong, the map did not come back as the map, or a phase did
no work; no timing is asserted.
"""

import argparse
import os
import re
import statistics
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "restart"))
from flowhost_browser import Browser, Problem  # noqa: E402
from measure import Server  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def load(browsers, until, gets, trips, problems):
    """Each browser alternates GET of its page and a round trip (open a movie, back to the list)."""
    lock = threading.Lock()

    def work(browser):
        try:
            while not until():
                started = time.perf_counter()
                browser.open(browser.path)
                elapsed = time.perf_counter() - started
                with lock:
                    gets.append(elapsed)
                label = "Heat" if browser.title == "Movies" else "Movies"
                started = time.perf_counter()
                browser.press(label)
                elapsed = time.perf_counter() - started
                with lock:
                    trips.append(elapsed)
        except (Problem, OSError) as error:
            with lock:
                problems.append(str(error))

    threads = [threading.Thread(target=work, args=(browser,)) for browser in browsers]
    for thread in threads:
        thread.start()
    return threads


def row(name, values):
    ms = [value * 1000 for value in values]
    return f"{name:<34} {len(ms):>6} {statistics.median(ms):>8.1f} {percentile(ms, 0.99):>8.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("server", help="the flowhost binary")
    parser.add_argument("--idle-seconds", type=float, default=10)
    parser.add_argument("--sessions", type=int, default=8)
    args = parser.parse_args()

    log = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"livemap-{os.getpid()}.log")
    server = Server(args.server, "memory", log, extra=["--no-watch"])
    server.start()
    try:
        browsers = [Browser(server.port) for _ in range(args.sessions)]
        for browser in browsers:
            browser.sign_in()
        problems = []

        idle_gets, idle_trips = [], []
        deadline = time.perf_counter() + args.idle_seconds
        for thread in load(browsers, lambda: time.perf_counter() > deadline, idle_gets, idle_trips, problems):
            thread.join()

        crawl_gets, crawl_trips = [], []
        map_page = {}

        def crawl():
            started = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/_flowhost/map", timeout=600) as response:
                map_page["status"] = response.status
                map_page["text"] = response.read().decode()
            map_page["seconds"] = time.perf_counter() - started

        crawler = threading.Thread(target=crawl)
        crawler.start()
        threads = load(browsers, lambda: not crawler.is_alive(), crawl_gets, crawl_trips, problems)
        crawler.join()
        for thread in threads:
            thread.join()
    finally:
        server.stop()

    if problems:
        sys.exit(f"error: {len(problems)} wrong answers, e.g. {problems[0]}")
    if map_page.get("status") != 200:
        sys.exit(f"error: /_flowhost/map answered {map_page.get('status')} without the map")
    for name, values in [("idle", idle_gets + idle_trips), ("during the crawl", crawl_gets + crawl_trips)]:
        if not values:
            sys.exit(f"error: no request was answered {name}")
    found = re.search(r"(\d+) states", map_page["text"])
    if not found or int(found.group(1)) < 2:
        sys.exit("error: the map lists no crawl")
    states = int(found.group(1))
    print(f"The first /_flowhost/map took {map_page['seconds']:.1f} s ({states} states listed); "
          f"{args.sessions} signed-in sessions in a closed loop meanwhile")
    print(f"{'ms':<34} {'count':>6} {'p50':>8} {'p99':>8}")
    print(row("page GET, idle", idle_gets))
    print(row("page GET, during the crawl", crawl_gets))
    print(row("action round trip, idle", idle_trips))
    print(row("action round trip, during the crawl", crawl_trips))
    if crawl_trips and idle_trips:
        ratio = percentile(crawl_trips, 0.99) / percentile(idle_trips, 0.99)
        print(f"round trip p99 during the crawl / idle: {ratio:.1f}x")


if __name__ == "__main__":
    main()
