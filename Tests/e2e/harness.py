"""The end-to-end harness: the real `flowhost serve` on a free port, and headless Chromium pages.

Used by test_flowhost.py. Needs only the standard library and Selenium 4; Chromium and
chromedriver are Debian's (`chromium`, `chromium-driver`), so Selenium Manager never runs.

Environment (all optional):
  FLOWHOST_BIN       the server binary (default: .build/debug/flowhost in the repository)
  E2E_CHROMEDRIVER   chromedriver (default: /usr/bin/chromedriver)
  E2E_CHROMIUM       the browser binary (default: whichever chromedriver finds, /usr/bin/chromium)
  E2E_TIMEOUT        seconds a wait for a page or an element may take (default: 10)
"""

import functools
import os
import socket
import subprocess
import time
import unittest
import urllib.error
import urllib.request
import uuid

# Selenium Manager must never go to the network for a driver or a browser.
os.environ.setdefault("SE_OFFLINE", "true")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from page_checks import PageChecks  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARTIFACTS = os.path.join(ROOT, "e2e-artifacts")
FLOWHOST = os.environ.get("FLOWHOST_BIN", os.path.join(ROOT, ".build", "debug", "flowhost"))
CHROMEDRIVER = os.environ.get("E2E_CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("E2E_CHROMIUM", "")
TIMEOUT = float(os.environ.get("E2E_TIMEOUT", "10"))

DEMO_EMAIL = "ada@example.com"
DEMO_PASSWORD = "flowhost"


# ----------------------------------------------------------------------------------------------
# The server


class Server:
    """`flowhost serve` from the repository root (it reads Templates/), on a free loopback port."""

    def __init__(self, log_name="server.log", store=None, args=(), launcher=None, env=None):
        """`args` go to `flowhost serve` after the harness's own; `launcher` replaces
        `flowhost serve` (e.g. `scripts/dev`, which passes the options on), run with `env` added."""
        self.process = None
        self.port = None
        self.log_path = os.path.join(ARTIFACTS, log_name)
        # Each server keeps its sessions in a store of its own (never the repository's .flowhost/).
        self.store = store or os.path.join(ARTIFACTS, os.path.splitext(log_name)[0] + ".sqlite")
        self.args = list(args)
        self.launcher = launcher or [FLOWHOST, "serve"]
        self.env = dict(os.environ, **(env or {}))

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self, port=None, keep_store=False):
        """Starts the server on a free port, or on `port` (a restart that browsers must find again),
        on an empty store unless `keep_store`."""
        if self.alive():  # started already (module fixtures run twice by hand): keep that one
            return
        if not (os.path.isfile(FLOWHOST) and os.access(FLOWHOST, os.X_OK)):
            raise RuntimeError(
                f"no flowhost binary at {FLOWHOST}: build it first (swift build) or set FLOWHOST_BIN"
            )
        os.makedirs(ARTIFACTS, exist_ok=True)
        if not keep_store:
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(self.store + suffix):
                    os.remove(self.store + suffix)
        last_error = None
        for attempt in range(3):  # another process may take the port between choosing and binding it
            self.port = port or _free_port()
            log = open(self.log_path, "wb" if attempt == 0 else "ab")
            log.write(f"--- flowhost serve --port {self.port}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                self.launcher
                + ["--port", str(self.port), "--store", self.store, "--log-level", "warning"]
                + self.args,
                cwd=ROOT,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            log.close()
            try:
                self._wait_healthy(deadline=time.monotonic() + 30)
                return
            except RuntimeError as error:
                last_error = error
                self.stop()
        raise last_error

    def _wait_healthy(self, deadline):
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"flowhost serve exited with {self.process.returncode} before it was ready; "
                    f"log: {self.log_path}\n{_tail(self.log_path)}"
                )
            try:
                with _OPENER.open(self.base_url + "/healthz", timeout=1) as response:
                    if response.status == 200 and response.read().strip() == b"ok":
                        return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"flowhost serve did not answer /healthz within 30 s; log: {self.log_path}")

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def crash_summary(self):
        """Why the server is gone: its exit code and the fatal lines of its log."""
        if self.process is None or self.process.poll() is None:
            return "the server is running"
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as file:
                fatal = [
                    line.rstrip()
                    for line in file
                    if "Fatal error" in line or "Precondition failed" in line or "Program crashed" in line
                ]
        except OSError:
            fatal = []
        return (
            f"flowhost serve exited with {self.process.returncode}; log: {self.log_path}"
            + "".join(f"\n    {line}" for line in fatal[-4:])
        )

    def kill(self):
        """SIGKILL: the server dies at once, as in a crash or an out-of-memory kill."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def stop(self):
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def get(self, path):
        """(status, body) of a plain GET with no cookie, as a fresh client sees it."""
        try:
            with _OPENER.open(self.base_url + path, timeout=5) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")


# Loopback only: never through a proxy named in the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _tail(path, lines=20):
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return "".join(file.readlines()[-lines:])
    except OSError:
        return ""


SERVER = Server()

# Every page any test shows: axe as it shows, the Nu HTML checker over all of them at the end.
CHECKS = PageChecks()


# ----------------------------------------------------------------------------------------------
# XPath helpers


def xpath_literal(text):
    """An XPath string literal for text, even with both kinds of quotes in it."""
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    parts = text.split("'")
    return "concat(" + ", \"'\", ".join(f"'{part}'" for part in parts) + ")"


def has_class(name):
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


# ----------------------------------------------------------------------------------------------
# A browser tab and what a user sees in it


class Page:
    """One headless Chromium (its own profile, so its own FlowHost session) and the page it shows."""

    def __init__(self, base_url, javascript=True, name=""):
        self.base_url = base_url
        self.name = name
        self.javascript = javascript
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--window-size=500,900", "--disable-dev-shm-usage", "--no-proxy-server"):
            options.add_argument(argument)
        if CHROMIUM:
            options.binary_location = CHROMIUM
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.set_page_load_timeout(30)

    def quit(self):
        try:
            self.driver.quit()
        except WebDriverException:
            pass

    # -- waiting ---------------------------------------------------------------------------

    def wait(self, condition, what, timeout=None):
        """Waits until condition(driver) is truthy; the failure says what was awaited and what is shown."""
        try:
            return WebDriverWait(
                self.driver, timeout or TIMEOUT, ignored_exceptions=(StaleElementReferenceException,)
            ).until(condition)
        except TimeoutException:
            raise AssertionError(
                f"{self.label}waited {timeout or TIMEOUT:g} s for {what}; the page shows {self.describe()}"
            ) from None

    @property
    def label(self):
        return f"[browser {self.name}] " if self.name else ""

    def describe(self):
        try:
            alert = self.alert_title()
            return f"title {self.title!r} at {self.path}" + (f" with alert {alert!r}" if alert else "")
        except WebDriverException as error:
            return f"(unreadable: {error.msg})"

    def wait_title(self, title, timeout=None):
        self.wait(lambda d: d.title == title and self._loaded(), f"the title {title!r}", timeout)
        return self.check_page()

    def check_page(self):
        """Checks the page on screen with axe (once per distinct page) and keeps its HTML for the Nu
        checker; fails naming the page, the rule and the element."""
        findings = CHECKS.check(self.driver, self.base_url, self.javascript)
        if findings:
            raise AssertionError(
                f"{self.label}{len(findings)} accessibility violation(s):\n" + "\n".join(f"  {f}" for f in findings)
            )
        return self

    def _loaded(self):
        return self.driver.execute_script("return document.readyState") == "complete"

    def _mark_document(self):
        """Tags the document on screen, so that a wait can tell when another one has replaced it."""
        marker = uuid.uuid4().hex
        self.driver.execute_script("window.__e2eDocument = arguments[0]", marker)
        return marker

    def _wait_new_document(self, marker, what):
        def replaced(driver):
            try:
                return (
                    driver.execute_script("return window.__e2eDocument") != marker
                    and driver.execute_script("return document.readyState") == "complete"
                )
            except WebDriverException:  # a script run while the document changes
                return False

        self.wait(replaced, what)

    # -- reading ---------------------------------------------------------------------------

    @property
    def title(self):
        return self.driver.title

    @property
    def url(self):
        return self.driver.current_url

    @property
    def path(self):
        url = self.url
        return url[len(self.base_url) :] if url.startswith(self.base_url) else url

    def top_layer(self):
        """The layer on top (a sheet when one is presented, else the base layer)."""
        layers = self.driver.find_elements(By.CSS_SELECTOR, ".layer:not(.layer-behind)")
        if not layers:
            raise AssertionError(f"{self.label}no layer on the page: {self.describe()}")
        return layers[-1]

    def content(self):
        return self.top_layer().find_element(By.CSS_SELECTOR, "main.content")

    def content_text(self):
        return self.content().text

    def alert(self):
        alerts = self.driver.find_elements(By.CSS_SELECTOR, ".alert")
        return alerts[0] if alerts else None

    def alert_title(self):
        alert = self.alert()
        return alert.find_element(By.CSS_SELECTOR, ".alert-title").text if alert else None

    def alert_actions(self):
        alert = self.alert()
        return [button.text for button in alert.find_elements(By.CSS_SELECTOR, "button.alert-action")] if alert else []

    def cell_titles(self):
        return [span.text for span in self.content().find_elements(By.CSS_SELECTOR, ".cell-title")]

    def tab_titles(self):
        return [span.text for span in self.driver.find_elements(By.CSS_SELECTOR, "nav.tab-bar button.tab span.tab-title")]

    def selected_tab(self):
        tabs = self.driver.find_elements(By.CSS_SELECTOR, "nav.tab-bar button.tab.is-selected span.tab-title")
        return tabs[0].text if tabs else None

    def has_tab_bar(self):
        return bool(self.driver.find_elements(By.CSS_SELECTOR, "nav.tab-bar"))

    def has_sheet(self):
        return bool(self.driver.find_elements(By.CSS_SELECTOR, ".layer-sheet"))

    def back_label(self):
        labels = self.top_layer().find_elements(By.CSS_SELECTOR, "button.nav-back span.nav-back-label")
        return labels[0].text if labels else None

    def field_errors(self):
        return [p.text for p in self.driver.find_elements(By.CSS_SELECTOR, "p.field-error")]

    def field_value(self, name):
        """The value the server put in the field (its value attribute, not what the browser keeps)."""
        return self.driver.find_element(By.NAME, name).get_dom_attribute("value") or ""

    # -- finding what to press ---------------------------------------------------------------

    def button(self, text):
        """A button of the top layer whose visible text is text (a cell's title counts)."""
        literal = xpath_literal(text)
        xpath = (
            f".//button[normalize-space()={literal}"
            f" or .//span[{has_class('cell-title')} and normalize-space()={literal}]]"
        )
        return self._find(self.top_layer, xpath, f"a button {text!r}")

    def nav_item(self, text):
        """A nav bar item (Cancel, Done) of the top layer."""
        xpath = f".//header[{has_class('nav-bar')}]//button[{has_class('nav-item')} and normalize-space()={xpath_literal(text)}]"
        return self._find(self.top_layer, xpath, f"a nav bar item {text!r}")

    def nav_back(self):
        return self._find(self.top_layer, ".//button[contains(@class, 'nav-back')]", "the nav bar back button")

    def tab(self, text):
        xpath = f"//nav[{has_class('tab-bar')}]//button[.//span[{has_class('tab-title')} and normalize-space()={xpath_literal(text)}]]"
        return self._find(lambda: self.driver, xpath, f"the tab {text!r}")

    def alert_action(self, text):
        xpath = f"//div[{has_class('alert')}]//button[{has_class('alert-action')} and normalize-space()={xpath_literal(text)}]"
        return self._find(lambda: self.driver, xpath, f"the alert action {text!r}")

    def _find(self, scope, xpath, what):
        try:
            return scope().find_element(By.XPATH, xpath)
        except NoSuchElementException:
            raise AssertionError(f"{self.label}no {what} on the page: {self.describe()}") from None

    # -- acting ------------------------------------------------------------------------------

    def open(self, path, title=None):
        self.driver.get(self.base_url + path)
        if title:
            self.wait_title(title)
        return self.check_page()

    def press(self, element, title=None):
        """Clicks a form's button and waits for the page the server answers with (then for title)."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        marker = self._mark_document()
        element.click()
        self._wait_new_document(marker, "the next page after pressing a button")
        if title:
            self.wait_title(title)
        return self.check_page()

    def tap(self, text, title=None):
        return self.press(self.button(text), title)

    def switch_tab(self, text, title=None):
        self.press(self.tab(text), title)
        self.wait(lambda d: self.selected_tab() == text, f"the tab {text!r} to be selected")
        return self

    def back(self, title=None):
        """The browser's Back button."""
        marker = self._mark_document()
        self.driver.back()
        self._wait_new_document(marker, "the page Back goes to")
        if title:
            self.wait_title(title)
        return self.check_page()

    def sign_in(self, email=DEMO_EMAIL, password=DEMO_PASSWORD, title="Movies"):
        """Fills the login form (replacing what the fields hold) and presses Sign In."""
        self.wait_title("Sign In")
        self.fill("email", email)
        self.fill("password", password)
        return self.press(self.button("Sign In"), title)

    def fill(self, name, value):
        field = self.driver.find_element(By.NAME, name)
        field.clear()
        if value:
            field.send_keys(value)

    # -- artifacts ---------------------------------------------------------------------------

    def save_artifacts(self, stem):
        """Saves e2e-artifacts/<stem>.png and .html; returns the paths saved (or why not)."""
        os.makedirs(ARTIFACTS, exist_ok=True)
        saved = []
        png, html = os.path.join(ARTIFACTS, stem + ".png"), os.path.join(ARTIFACTS, stem + ".html")
        try:
            if self.driver.save_screenshot(png):
                saved.append(png)
        except WebDriverException as error:
            saved.append(f"(no screenshot: {error.msg})")
        try:
            with open(html, "w", encoding="utf-8") as file:
                file.write(f"<!-- {self.url} -->\n" + self.driver.page_source)
            saved.append(html)
        except WebDriverException as error:
            saved.append(f"(no page source: {error.msg})")
        return saved


# ----------------------------------------------------------------------------------------------
# The test case base


class FlowHostTestCase(unittest.TestCase):
    """Each test gets fresh browsers from self.browser(); a failure saves what each one showed."""

    def setUp(self):
        self.pages = []
        self.servers = [SERVER]

    def tearDown(self):
        for page in self.pages:
            page.quit()

    def browser(self, javascript=True, name="", server=None):
        page = Page((server or SERVER).base_url, javascript=javascript, name=name)
        self.pages.append(page)
        return page

    def own_server(self):
        """A server for this test alone (for a test that may bring it down); stopped after the test."""
        server = Server(log_name=f"server-{self._testMethodName}.log")
        server.start()
        self.addCleanup(server.stop)
        self.servers.append(server)
        return server

    def signed_in_browser(self, **kwargs):
        return self.browser(**kwargs).open("/", title="Sign In").sign_in()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, method in list(vars(cls).items()):
            if name.startswith("test") and callable(method):
                setattr(cls, name, _saving_artifacts(method))

    def _save_artifacts(self):
        stem = self._testMethodName
        saved = []
        for index, page in enumerate(self.pages):
            suffix = "" if index == 0 else f"-{page.name or index + 1}"
            saved += page.save_artifacts(stem + suffix)
        return saved


def _saving_artifacts(test):
    @functools.wraps(test)
    def run(self):
        try:
            test(self)
        except unittest.SkipTest:
            raise
        except Exception as error:
            saved = self._save_artifacts()
            where = "\n".join(f"  {path}" for path in saved) or "  (no browser was open)"
            for server in self.servers:
                if server.process is not None and not server.alive():
                    where += "\n" + server.crash_summary()
            if isinstance(error, AssertionError):
                message = str(error)
            elif isinstance(error, WebDriverException):
                message = f"{type(error).__name__}: {error.msg}"  # without chromedriver's stack
            else:
                message = f"{type(error).__name__}: {error}"
            raise AssertionError(f"{message}\nScreenshot and page source saved:\n{where}") from error

    return run
