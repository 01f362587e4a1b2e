"""Starts `flowhost serve` on a copy of the sample's templates, opens the login screen in headless
Chromium, then saves the login template N times with a new subtitle; for each save, the time from the
save to the first contentful paint of the page that shows it. Fails when a save does not show."""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
from flowhost_server import free_port, headless_chromium, wait_healthy  # noqa: E402

server, saves = sys.argv[1], int(sys.argv[2])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SUBTITLE = "A FlowHost sample: sign in to browse."

# The document on screen: its subtitle, whether it loaded, when it began (the browser's clock, ms
# since the epoch) and its first contentful paint (ms after that).
SHOWN = """
const paint = performance.getEntriesByName("first-contentful-paint")[0];
const subtitle = document.querySelector(".hero-subtitle");
return [subtitle && subtitle.textContent, document.readyState, performance.timeOrigin,
        paint ? paint.startTime : null];
"""
# Now on the same clock. A save was stamped with Python's wall clock until issue 42, and Chromium's
# time origin is its monotonic clock mapped to the epoch once: the two drift apart (an adjusted
# system clock, a mapping taken long ago), and one run printed a negative minimum.
NOW = "return performance.timeOrigin + performance.now();"


def shown(text):
    """A wait condition: the page shows `text` as its subtitle, loaded and painted."""
    def condition(driver):
        subtitle, state, origin, paint = driver.execute_script(SHOWN)
        return (origin, paint) if subtitle == text and state == "complete" and paint is not None else None
    return condition


folder = tempfile.mkdtemp(prefix="flowhost-reload-")
templates = os.path.join(folder, "Templates")
shutil.copytree(os.path.join(ROOT, "Templates"), templates)
login = os.path.join(templates, "login", "login.mustache")
with open(login, encoding="utf-8") as file:
    original = file.read()
if SUBTITLE not in original:
    sys.exit("the login template no longer holds the subtitle this benchmark edits")

port = free_port()
process = subprocess.Popen(
    [server, "serve", "--port", str(port), "--templates", templates, "--store", "memory", "--log-level", "error"],
    cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
driver = None
times = []
try:
    wait_healthy(port, process)
    driver = headless_chromium()
    driver.get(f"http://127.0.0.1:{port}/")
    WebDriverWait(driver, 10).until(shown(SUBTITLE))
    for index in range(saves):
        text = f"Saved {index + 1} of {saves}."
        time.sleep(0.3)  # the page settled, its live-move stream open
        # Stamped before the write (the script's round trip counts against the reload, never for
        # it), on the clock the new page's times are on.
        saved = driver.execute_script(NOW)
        with open(login, "w", encoding="utf-8") as file:
            file.write(original.replace(SUBTITLE, text))
        try:
            origin, paint = WebDriverWait(driver, 10, poll_frequency=0.02).until(shown(text))
        except TimeoutException:
            sys.exit(f"save {index + 1}: the open page never showed {text!r}")
        elapsed = origin + paint - saved
        if elapsed < 0:
            sys.exit(f"save {index + 1}: shown {-elapsed:.1f} ms before it was saved (a clock bug)")
        times.append(elapsed)
finally:
    if driver is not None:
        driver.quit()
    process.terminate()
    process.wait()
    shutil.rmtree(folder, ignore_errors=True)

median = statistics.median(times)
print(f"template save -> open page showing it (first contentful paint), {saves} saves: "
      f"median {median:.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms "
      f"(target < 500 ms: {'PASS' if median < 500 else 'MISS'})")
