"""End-to-end test of `flowhost export`: the static site opened from file:// in each browser.

Written once (`ExportTests`), run per browser by the classes test_flowhost.py makes (ExportChromium,
ExportFirefox); the export itself is made once per process (side by side, each its own: E2E_RUN).
Alone: python3 Tests/e2e/test_flowhost.py -k Export
"""

import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import ARTIFACTS, CSS, FLOWHOST, ROOT, XPATH, run_file_name  # noqa: E402

_SITE = []  # the export's folder, once made


def exported_site():
    """One export of the sample (the default bounds) for every browser's test."""
    if not _SITE:
        site = os.path.join(ARTIFACTS, run_file_name("export"))
        shutil.rmtree(site, ignore_errors=True)
        os.makedirs(ARTIFACTS, exist_ok=True)
        started = time.monotonic()
        result = subprocess.run(
            [FLOWHOST, "export", "--out", site], cwd=ROOT, capture_output=True, text=True, timeout=300
        )
        if result.returncode != 0:
            raise AssertionError(f"flowhost export exited with {result.returncode}:\n{result.stderr}")
        print(f"\nflowhost export: {time.monotonic() - started:.1f} s; {result.stderr.strip()}", file=sys.stderr)
        _SITE.append(site)
    return _SITE[0]


class ExportTests:
    """The export clicked through like a person reading it. Mixed into a `FlowHostTestCase` per browser.
    Its pages are files, not the server's: the page checks are not run on them."""

    def file_page(self):
        site = exported_site()
        page = self.browser()
        page.base_url = "file://" + site
        page.check_page = lambda: page  # not the served pages the checks are about
        return page

    def cell(self, text):
        return f"//button[.//span[contains(@class, 'cell-title') and normalize-space()='{text}']]"

    def press(self, page, xpath, title):
        page.press(page.find(XPATH, xpath), title)

    def assert_no_console_errors(self, page):
        self.assertEqual(page.browser.console_errors(), [], "console errors")

    def test_click_through_the_export_from_file_urls(self):
        page = self.file_page()
        page.open("/index.html", title="Sign In")
        email = page.find("name", "email").attribute("value")
        self.assertEqual(email, "", "the sign-in form shows what the app shows: nothing typed")
        sendings = page.find(CSS, "aside.exported-forms").text
        self.assertIn("email: ada@example.com, password: (secret)", sendings, "the demo account it sends")
        # The form's error state, one click from the form: the same empty field, the error under it.
        self.press(page, "//a[normalize-space()='Send empty']", "Sign In")
        self.assertEqual(page.field_errors(), ["Enter your email address."])
        self.assertEqual(page.find("name", "email").attribute("value"), "", "what the app shows after an empty sending")
        page.back(title="Sign In")
        self.press(page, "//button[normalize-space()='Sign In']", "Movies")
        self.press(page, self.cell("Heat"), "Heat")
        self.press(page, self.cell("Al Pacino"), "Al Pacino")
        self.assertTrue(page.url.startswith("file://"), page.url)
        page.back(title="Heat")
        page.back(title="Movies")
        self.assert_no_console_errors(page)

        self.press(page, "//a[normalize-space()='Flow map']", "Storyboard")
        self.assertTrue(page.find_all(CSS, ".map svg"), "map.html embeds the storyboard")
        phones = page.find_all(CSS, "svg g.node[id^='phone_']")
        thumbnails = page.find_all(CSS, "svg g.node[id^='phone_'] foreignObject iframe")
        self.assertGreater(len(phones), 10, "the sample's screens")
        self.assertEqual(len(thumbnails), len(phones), "each screen shows a thumbnail of one of its pages")
        page.run("arguments[0].scrollIntoView({block: 'center'})", phones[1])
        phones[1].find(CSS, "a").click()
        page.wait(lambda page: page.url.endswith("#screen-1"), "clicking a screen goes to its states")
        states = page.find_all(CSS, "#screen-1 li a")
        self.assertTrue(states, "the screen's states are listed")
        target = states[0].property("href")
        states[0].click()
        page.wait(lambda page: page.url == target, f"the page of the state {target}")
        page.wait(lambda page: page.find_all(CSS, ".device"), "a state's page in the phone frame")
        self.assert_no_console_errors(page)

