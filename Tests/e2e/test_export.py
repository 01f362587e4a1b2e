"""End-to-end test of `flowhost export`: the static site opened from file:// in headless Chromium.

Imported by test_flowhost.py, so scripts/e2e runs it; alone: python3 Tests/e2e/test_export.py
"""

import os
import shutil
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import ARTIFACTS, CHROMEDRIVER, CHROMIUM, FLOWHOST, ROOT, TIMEOUT  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


class FlowHostExportE2E(unittest.TestCase):
    """One export of the sample (the default bounds), clicked through like a person reading it."""

    @classmethod
    def setUpClass(cls):
        cls.site = os.path.join(ARTIFACTS, "export")
        shutil.rmtree(cls.site, ignore_errors=True)
        os.makedirs(ARTIFACTS, exist_ok=True)
        started = time.monotonic()
        result = subprocess.run(
            [FLOWHOST, "export", "--out", cls.site], cwd=ROOT, capture_output=True, text=True, timeout=300
        )
        if result.returncode != 0:
            raise AssertionError(f"flowhost export exited with {result.returncode}:\n{result.stderr}")
        print(f"\nflowhost export: {time.monotonic() - started:.1f} s; {result.stderr.strip()}", file=sys.stderr)

    def setUp(self):
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--window-size=500,900", "--disable-dev-shm-usage"):
            options.add_argument(argument)
        if CHROMIUM:
            options.binary_location = CHROMIUM
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)

    def tearDown(self):
        if any(error for _, error in getattr(self._outcome, "errors", [])) or not self._outcome.success:
            self.driver.save_screenshot(os.path.join(ARTIFACTS, f"{self._testMethodName}.png"))
        self.driver.quit()

    def wait_title(self, title):
        WebDriverWait(self.driver, TIMEOUT).until(
            lambda d: d.title == title and d.execute_script("return document.readyState") == "complete",
            f"the title {title!r}; the page shows {self.driver.title!r} at {self.driver.current_url}",
        )

    def press(self, xpath, title):
        self.driver.find_element(By.XPATH, xpath).click()
        self.wait_title(title)

    def cell(self, text):
        return f"//button[.//span[contains(@class, 'cell-title') and normalize-space()='{text}']]"

    def assert_no_console_errors(self):
        errors = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [], "console errors")

    def test_click_through_the_export_from_file_urls(self):
        self.driver.get("file://" + os.path.join(self.site, "index.html"))
        self.wait_title("Sign In")
        email = self.driver.find_element(By.NAME, "email").get_attribute("value")
        self.assertEqual(email, "ada@example.com", "the sign-in form arrives filled with the demo account")
        self.press("//button[normalize-space()='Sign In']", "Movies")
        self.press(self.cell("Heat"), "Heat")
        self.press(self.cell("Al Pacino"), "Al Pacino")
        self.assertTrue(self.driver.current_url.startswith("file://"), self.driver.current_url)
        self.driver.back()
        self.wait_title("Heat")
        self.driver.back()
        self.wait_title("Movies")
        self.assert_no_console_errors()

        self.press("//a[normalize-space()='Flow map']", "Storyboard")
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, ".map svg"), "map.html embeds the storyboard")
        phones = self.driver.find_elements(By.CSS_SELECTOR, "svg g.node[id^='phone_']")
        thumbnails = self.driver.find_elements(By.CSS_SELECTOR, "svg g.node[id^='phone_'] foreignObject iframe")
        self.assertGreater(len(phones), 10, "the sample's screens")
        self.assertEqual(len(thumbnails), len(phones), "each screen shows a thumbnail of one of its pages")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", phones[1])
        phones[1].find_element(By.CSS_SELECTOR, "a").click()
        WebDriverWait(self.driver, TIMEOUT).until(
            lambda d: d.current_url.endswith("#screen-1"), "clicking a screen goes to its states"
        )
        states = self.driver.find_elements(By.CSS_SELECTOR, "#screen-1 li a")
        self.assertTrue(states, "the screen's states are listed")
        target = states[0].get_attribute("href")
        states[0].click()
        WebDriverWait(self.driver, TIMEOUT).until(
            lambda d: d.current_url == target, f"the page of the state {target}"
        )
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, ".device"), "a state's page in the phone frame")
        self.assert_no_console_errors()


if __name__ == "__main__":
    unittest.main()
