"""A person clicking in a browser, as the server sees it: `flowhost serve` of the sample, headless
Chromium signed in, then N times Heat (a cell of the movie list) and the nav bar's back button, each
page loaded with the files it links as the browser fetches them (its cache on, as a person's is).
Prints, for a click: the browser's time from the click to the page loaded, the requests the page's
load made to the server (the page, and each file not taken from the cache: transferSize > 0), and
the server's CPU (from /proc/PID/stat). Exits 1 when a click does not reach its screen."""
import os
import socket
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

server_binary, rounds = sys.argv[1], int(sys.argv[2])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HEAT = "//span[contains(@class, 'cell-title') and normalize-space()='Heat']/ancestor::button"
BACK = "//button[contains(@class, 'nav-back')]"
# The requests this page's load made to the server: the page, and each file that did not come from
# the browser's cache (a revalidation answered 304 counts: its transferSize is its headers').
ASKED = "return 1 + performance.getEntriesByType('resource').filter(r => r.transferSize > 0).length"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(port, process):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"the server exited with {process.returncode} before it was ready")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    sys.exit("the server did not answer /healthz within 30 s")


def server_cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    port = free_port()
    server = subprocess.Popen(
        [server_binary, "serve", "--port", str(port), "--store", "memory", "--no-watch"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--window-size=500,900", "--disable-dev-shm-usage",
                     "--no-proxy-server"):
        options.add_argument(argument)
    driver = None
    try:
        wait_healthy(port, server)
        driver = webdriver.Chrome(service=Service(os.environ.get("E2E_CHROMEDRIVER", "/usr/bin/chromedriver")),
                                  options=options)

        def shows(title):
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if driver.title == title and driver.execute_script("return document.readyState") == "complete":
                    return
                time.sleep(0.01)
            sys.exit(f"FAIL: waited 30 s for {title!r}; the page shows {driver.title!r}")

        def click(xpath, title):
            driver.find_element(By.XPATH, xpath).click()
            shows(title)

        driver.get(f"http://127.0.0.1:{port}/")
        shows("Sign In")
        driver.find_element(By.NAME, "email").send_keys("ada@example.com")
        driver.find_element(By.NAME, "password").send_keys("flowhost")
        click("//button[normalize-space()='Sign In']", "Movies")
        for _ in range(2):  # every file the two pages link is in the cache once
            click(HEAT, "Heat")
            click(BACK, "Movies")
        cpu, started, asked = server_cpu(server.pid), time.monotonic(), 0
        for _ in range(rounds):
            click(HEAT, "Heat")
            asked += driver.execute_script(ASKED)
            click(BACK, "Movies")
            asked += driver.execute_script(ASKED)
        cpu, seconds, clicks = server_cpu(server.pid) - cpu, time.monotonic() - started, 2 * rounds
        print(f"{clicks} clicks (Heat, then back to the list of 24 posters) on {server_binary}, one browser:")
        print(f"  {seconds * 1000 / clicks:.0f} ms a click in the browser, {asked / clicks:.1f} requests to the server"
              f" a click, server CPU {cpu * 1e6 / clicks:.0f} us a click")
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait()


main()
