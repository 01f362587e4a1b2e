"""A person clicking in a browser, as the server sees it: `flowhost serve` of the sample, headless
Chromium signed in, then N times Heat (a cell of the movie list) and the nav bar's back button, each
page loaded with the files it links as the browser fetches them (its cache on, as a person's is).
Prints, for a click: the browser's time from the click to the page loaded, the requests the page's
load made to the server (the page, and each file not taken from the cache: transferSize > 0), and
the server's CPU (from /proc/PID/stat). Exits 1 when a click does not reach its screen."""
import os
import subprocess
import sys
import time

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
from flowhost_server import free_port, headless_chromium, wait_healthy  # noqa: E402

server_binary, rounds = sys.argv[1], int(sys.argv[2])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HEAT = "//span[contains(@class, 'cell-title') and normalize-space()='Heat']/ancestor::button"
BACK = "//button[contains(@class, 'nav-back')]"
# The requests this page's load made to the server: the page, and each file that did not come from
# the browser's cache (a revalidation answered 304 counts: its transferSize is its headers').
ASKED = "return 1 + performance.getEntriesByType('resource').filter(r => r.transferSize > 0).length"


def server_cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    port = free_port()
    server = subprocess.Popen(
        [server_binary, "serve", "--port", str(port), "--store", "memory", "--no-watch"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = None
    try:
        wait_healthy(port, server)
        driver = headless_chromium()

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
