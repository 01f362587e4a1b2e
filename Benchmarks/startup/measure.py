"""Starts `flowhost serve` N times; for each, the time from spawning the process to the first
complete page (GET / -> 303 -> GET /screen/N -> 200 with the login form)."""
import http.client
import socket
import statistics
import subprocess
import sys
import time

server, runs = sys.argv[1], int(sys.argv[2])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def first_page(port):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/")
    response = connection.getresponse()
    response.read()
    session = next(part for part in response.msg.get_all("Set-Cookie") if part.startswith("flowhost_session="))
    connection.request("GET", response.getheader("Location"), headers={"Cookie": session.split(";")[0]})
    page = connection.getresponse()
    body = page.read().decode()
    return page.status == 200 and "Sign In" in body


times = []
for _ in range(runs):
    port = free_port()
    start = time.perf_counter()
    process = subprocess.Popen([server, "serve", "--port", str(port), "--log-level", "error"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                if first_page(port):
                    break
            except (ConnectionRefusedError, ConnectionResetError):
                time.sleep(0.002)
            if process.poll() is not None:
                sys.exit("the server exited before answering")
            if time.perf_counter() - start > 30:
                sys.exit("no login screen within 30 s (GET / -> 303 -> GET the Location -> 200 with Sign In)")
        times.append((time.perf_counter() - start) * 1000)
    finally:
        process.terminate()
        process.wait()

print(f"flowhost serve start -> first page answered, {runs} runs: "
      f"median {statistics.median(times):.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms "
      f"(target < 300 ms: {'PASS' if statistics.median(times) < 300 else 'MISS'})")
