"""Headless Chromium as a `Browser`: Debian's `chromium` through its `chromium-driver` and Selenium 4.

Environment (optional):
  E2E_CHROMEDRIVER   chromedriver (default: /usr/bin/chromedriver)
  E2E_CHROMIUM       the browser binary (default: whichever chromedriver finds, /usr/bin/chromium)
"""

import contextlib
import os
import urllib.parse

# Selenium Manager must never go to the network for a driver or a browser.
os.environ.setdefault("SE_OFFLINE", "true")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402

from browser import Browser, Element, unwrapped  # noqa: E402

CHROMEDRIVER = os.environ.get("E2E_CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("E2E_CHROMIUM", "")


class ChromiumElement(Element):
    def attribute(self, name):
        return self.raw.get_dom_attribute(name)


class ChromiumBrowser(Browser):
    kind = "chromium"
    name = "Chromium"
    Error = WebDriverException
    NoSuchElement = NoSuchElementException
    StaleElement = StaleElementReferenceException

    def __init__(self, javascript=True):
        super().__init__(javascript)
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--window-size=500,900", "--disable-dev-shm-usage", "--no-proxy-server"):
            options.add_argument(argument)
        if CHROMIUM:
            options.binary_location = CHROMIUM
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # console_errors
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.set_page_load_timeout(30)
        self._origins = set()  # whose storage reset clears (Chromium has no call to clear all)

    def get(self, url):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme in ("http", "https"):
            self._origins.add(f"{parts.scheme}://{parts.netloc}")
        self.driver.get(url)

    @property
    def title(self):
        return self.driver.title

    @property
    def url(self):
        return self.driver.current_url

    def find(self, by, target):
        return ChromiumElement(self, self.driver.find_element(by, target))

    def find_all(self, by, target):
        return [ChromiumElement(self, raw) for raw in self.driver.find_elements(by, target)]

    def run(self, script, *args):
        return self.driver.execute_script(script, *unwrapped(args))

    def run_async(self, script, *args):
        return self.driver.execute_async_script(script, *unwrapped(args))

    @contextlib.contextmanager
    def async_scripts(self):
        if not self.javascript:
            # With JavaScript off Chromium fires no timers but still runs promise callbacks: the
            # page's timers become those (the page itself runs no script).
            self.run("window.setTimeout = function (f) { Promise.resolve().then(f); return 0; }")
        yield

    def back(self):
        self.driver.back()

    def forward(self):
        self.driver.forward()

    def cookies(self):
        return self.driver.get_cookies()

    def set_color_scheme(self, scheme):
        self.devtools("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def set_page_load_timeout(self, seconds):
        self.driver.set_page_load_timeout(seconds)

    def console_errors(self):
        return [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def devtools(self, command, parameters):
        """A Chrome DevTools Protocol command (Chromium only: what no other browser offers)."""
        return self.driver.execute_cdp_cmd(command, parameters)

    def screenshot(self, path):
        return self.driver.save_screenshot(path)

    @property
    def page_source(self):
        return self.driver.page_source

    def reset(self):
        old = self.driver.window_handles
        self.driver.switch_to.new_window("tab")
        new = self.driver.current_window_handle
        for handle in old:
            self.driver.switch_to.window(handle)
            self.driver.close()
        self.driver.switch_to.window(new)
        self.devtools("Network.clearBrowserCookies", {})
        for origin in self._origins:
            self.devtools("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage"})
        self._origins.clear()
        self.set_color_scheme("")
        self.driver.get_log("browser")  # the last test's console

    def quit(self):
        try:
            self.driver.quit()
        except WebDriverException:
            pass
