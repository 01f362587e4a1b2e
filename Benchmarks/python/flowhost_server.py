"""Starting a `flowhost serve` for a benchmark that drives it from a browser: a free port, the wait
for its /healthz, and a headless Chromium (Debian's, through its chromedriver and Selenium).

    port = free_port()
    server = subprocess.Popen([binary, "serve", "--port", str(port)])
    wait_healthy(port, server)
    driver = headless_chromium()
"""
import os
import socket
import sys
import time
import urllib.request


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(port, process):
    """Returns once the server on `port` answers /healthz; exits when `process` ends first or 30 s pass."""
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


def headless_chromium():
    """A headless Chromium in a phone-sized window, as the e2e suite drives it (E2E_CHROMEDRIVER: its
    driver, /usr/bin/chromedriver by default)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--window-size=500,900", "--disable-dev-shm-usage",
                     "--no-proxy-server"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(os.environ.get("E2E_CHROMEDRIVER", "/usr/bin/chromedriver")),
                            options=options)
