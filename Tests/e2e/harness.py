"""The end-to-end harness: the real `flowhost serve` on a free port, and pages in headless browsers.

Used by test_flowhost.py. Needs the standard library, and for each browser its driver: Selenium 4
for Chromium (`chromium.py`: Debian's `chromium` and `chromium-driver`, so Selenium Manager never
runs), `marionette-driver` for Firefox ESR (`firefox.py`: Debian's `firefox-esr`). Tests see neither:
they drive a `Page` on a `Browser` (`browser.py`).

Environment (all optional):
  FLOWHOST_BIN       the server binary (default: .build/debug/flowhost in the repository)
  E2E_CHROMEDRIVER   chromedriver (default: /usr/bin/chromedriver)
  E2E_CHROMIUM       Chromium (default: whichever chromedriver finds, /usr/bin/chromium)
  E2E_FIREFOX        Firefox (default: /usr/lib/firefox-esr/firefox-esr)
  E2E_TIMEOUT        seconds a wait for a page or an element may take (default: 10)
  E2E_BROWSERS       the tests to run, by the browser they use: a comma-separated list of chromium,
                     firefox and none (the tests that use no browser); default all three
  E2E_RUN            a name for this run's own files in e2e-artifacts (the shared server's log and
                     store, the export), for runs that share the folder at once: scripts/e2e runs
                     Chromium's tests and Firefox's side by side, each process with its own server
"""

import difflib
import functools
import itertools
import os
import socket
import subprocess
import time
import unittest
import urllib.error
import urllib.request
import uuid

from browser import BrowserPool
from page_checks import PageChecks

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARTIFACTS = os.path.join(ROOT, "e2e-artifacts")
FLOWHOST = os.environ.get("FLOWHOST_BIN", os.path.join(ROOT, ".build", "debug", "flowhost"))
TIMEOUT = float(os.environ.get("E2E_TIMEOUT", "10"))
BROWSER_CHOICES = ("chromium", "firefox", "none")
BROWSERS = set(os.environ.get("E2E_BROWSERS", ",".join(BROWSER_CHOICES)).split(","))
if not BROWSERS <= set(BROWSER_CHOICES):
    unknown = ", ".join(sorted(BROWSERS - set(BROWSER_CHOICES)))
    raise SystemExit(f"E2E_BROWSERS: {unknown} is none of {', '.join(BROWSER_CHOICES)}")
RUN = os.environ.get("E2E_RUN", "")

DEMO_EMAIL = "ada@example.com"
DEMO_PASSWORD = "flowhost"

# The sample's facts the tests check.
MOVIE_COUNT = 24
HEAT_CAST = ["Al Pacino", "Robert De Niro", "Val Kilmer"]
PACINO_MOVIES = {"Heat", "The Godfather Part II", "The Godfather"}


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


def run_file_name(stem, extension=""):
    """The name of a file of this run in e2e-artifacts: `server-chromium.log` for (`server`, `.log`) in run chromium."""
    return f"{stem}-{RUN}{extension}" if RUN else stem + extension


SERVER = Server(log_name=run_file_name("server", ".log"))

# Every page any test shows: axe as it shows, the Nu HTML checker over all of them at the end.
CHECKS = PageChecks()



# ----------------------------------------------------------------------------------------------
# The browsers


def make_browser(kind, javascript=True):
    """A new browser of kind ("chromium", "firefox"); each driver is imported only when used."""
    if kind == "chromium":
        from chromium import ChromiumBrowser

        return ChromiumBrowser(javascript=javascript)
    if kind == "firefox":
        from firefox import FirefoxBrowser

        return FirefoxBrowser(javascript=javascript)
    raise ValueError(f"no browser {kind!r}: chromium or firefox")


# The browsers started for this run, per kind, handed from test to test (`BrowserPool`).
POOLS = {kind: BrowserPool(functools.partial(make_browser, kind)) for kind in ("chromium", "firefox")}


def quit_browsers():
    for pool in POOLS.values():
        pool.quit_all()


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


CSS, XPATH = "css selector", "xpath"


# ----------------------------------------------------------------------------------------------
# A browser tab and what a user sees in it


class Page:
    """A browser's tab (its own profile, so its own FlowHost session) and the page it shows."""

    def __init__(self, browser, base_url, name=""):
        self.browser = browser
        self.base_url = base_url
        self.name = name
        self.javascript = browser.javascript

    def quit(self):
        self.browser.quit()

    # -- waiting ---------------------------------------------------------------------------

    def wait(self, condition, what, timeout=None):
        """Waits until condition(page) is truthy and returns it; the failure says what was awaited and
        what is shown. An element gone with its document counts as not yet."""
        timeout = timeout or TIMEOUT
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = condition(self)
                if value:
                    return value
            except self.browser.StaleElement:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.label}waited {timeout:g} s for {what}; the page shows {self.describe()}")
            time.sleep(0.1)

    @property
    def label(self):
        name = f"{self.browser.name} {self.name}".strip()
        return f"[{name}] "

    def describe(self):
        try:
            alert = self.alert_title()
            return f"title {self.title!r} at {self.path}" + (f" with alert {alert!r}" if alert else "")
        except self.browser.Error as error:
            return f"(unreadable: {type(error).__name__})"

    def wait_title(self, title, timeout=None, axe=True):
        self.wait(lambda page: page.title == title and page._loaded(), f"the title {title!r}", timeout)
        return self.check_page() if axe else self.keep_page()

    def check_page(self):
        """Checks the page on screen with axe (once per distinct page and browser) and keeps its HTML
        for the Nu checker; fails naming the page, the rule and the element."""
        findings = CHECKS.check(self.browser, self.base_url)
        if findings:
            raise AssertionError(
                f"{self.label}{len(findings)} accessibility violation(s):\n" + "\n".join(f"  {f}" for f in findings)
            )
        return self

    def keep_page(self):
        """Keeps the page on screen for the Nu checker without axe, its key in `kept`: for a page that
        moves on by itself sooner than axe may take on a loaded machine. Its test then has axe check
        the same page where nothing moves it (`check_kept_page`)."""
        self.kept, _ = CHECKS.keep(self.browser, self.base_url)
        return self

    def check_kept_page(self, key):
        """Checks with axe the page on screen, which must be the page kept as key (its HTML without
        tokens): the check is of the page the test saw, only later."""
        now, label = CHECKS.keep(self.browser, self.base_url)
        if now != key:
            diff = "\n".join(itertools.islice(difflib.unified_diff(key.splitlines(), now.splitlines(), lineterm=""), 3, 20))
            raise AssertionError(f"{self.label}{label} is not the page kept for axe:\n{diff}")
        return self.check_page()

    def _loaded(self):
        return self.run("return document.readyState") == "complete"

    def _mark_document(self):
        """Tags the document on screen, so that a wait can tell when another one has replaced it."""
        marker = uuid.uuid4().hex
        self.run("window.__e2eDocument = arguments[0]", marker)
        return marker

    def _wait_new_document(self, marker, what):
        def replaced(page):
            try:
                return (
                    page.run("return window.__e2eDocument") != marker
                    and page.run("return document.readyState") == "complete"
                )
            except page.browser.Error:  # a script run while the document changes
                return False

        self.wait(replaced, what)

    # -- reading ---------------------------------------------------------------------------

    @property
    def title(self):
        return self.browser.title

    @property
    def url(self):
        return self.browser.url

    @property
    def path(self):
        return self.url[len(self.base_url):] if self.url.startswith(self.base_url) else self.url

    def find(self, by, target):
        return self.browser.find(by, target)

    def find_all(self, by, target):
        return self.browser.find_all(by, target)

    def run(self, script, *args):
        """Runs script in the page (see `Browser.run`)."""
        return self.browser.run(script, *args)

    def cookies(self):
        return self.browser.cookies()

    def top_layer(self):
        """The layer on top (a sheet when one is presented, else the base layer)."""
        layers = self.find_all(CSS, ".layer:not(.layer-behind)")
        if not layers:
            raise AssertionError(f"{self.label}no layer on the page: {self.describe()}")
        return layers[-1]

    def content(self):
        return self.top_layer().find(CSS, "main.content")

    def content_text(self):
        return self.content().text

    def alert(self):
        alerts = self.find_all(CSS, ".alert")
        return alerts[0] if alerts else None

    def alert_title(self):
        alert = self.alert()
        return alert.find(CSS, ".alert-title").text if alert else None

    def alert_actions(self):
        alert = self.alert()
        return [button.text for button in alert.find_all(CSS, "button.alert-action")] if alert else []

    def cell_titles(self):
        return [span.text for span in self.content().find_all(CSS, ".cell-title")]

    def tab_titles(self):
        return [span.text for span in self.find_all(CSS, "nav.tab-bar button.tab span.tab-title")]

    def selected_tab(self):
        tabs = self.find_all(CSS, "nav.tab-bar button.tab.is-selected span.tab-title")
        return tabs[0].text if tabs else None

    def has_tab_bar(self):
        return bool(self.find_all(CSS, "nav.tab-bar"))

    def has_sheet(self):
        return bool(self.find_all(CSS, ".layer-sheet"))

    def back_label(self):
        labels = self.top_layer().find_all(CSS, "button.nav-back span.nav-back-label")
        return labels[0].text if labels else None

    def field_errors(self):
        return [p.text for p in self.find_all(CSS, "p.field-error")]

    def field_value(self, name):
        """The value the server put in the field (its value attribute, not what the browser keeps)."""
        return self.find("name", name).attribute("value") or ""

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
        return self._find(lambda: self.browser, xpath, f"the tab {text!r}")

    def alert_action(self, text):
        xpath = f"//div[{has_class('alert')}]//button[{has_class('alert-action')} and normalize-space()={xpath_literal(text)}]"
        return self._find(lambda: self.browser, xpath, f"the alert action {text!r}")

    def _find(self, scope, xpath, what):
        try:
            return scope().find(XPATH, xpath)
        except self.browser.NoSuchElement:
            raise AssertionError(f"{self.label}no {what} on the page: {self.describe()}") from None

    # -- acting ------------------------------------------------------------------------------

    def open(self, path, title=None):
        self.browser.get(self.base_url + path)
        if title:
            self.wait_title(title)
        return self.check_page()

    def press(self, element, title=None, axe=True):
        """Clicks a form's button and waits for the page the server answers with (then for title).
        axe=False: the page is only kept (`keep_page`)."""
        self.run("arguments[0].scrollIntoView({block: 'center'})", element)
        marker = self._mark_document()
        element.click()
        self._wait_new_document(marker, "the next page after pressing a button")
        if title:
            self.wait_title(title, axe=axe)
        return self.check_page() if axe else self.keep_page()

    def tap(self, text, title=None, axe=True):
        return self.press(self.button(text), title, axe)

    def switch_tab(self, text, title=None):
        self.press(self.tab(text), title)
        self.wait(lambda page: page.selected_tab() == text, f"the tab {text!r} to be selected")
        return self

    def back(self, title=None):
        """The browser's Back button."""
        marker = self._mark_document()
        self.browser.back()
        self._wait_new_document(marker, "the page Back goes to")
        if title:
            self.wait_title(title)
        return self.check_page()

    def forward(self, title=None):
        """The browser's Forward button."""
        marker = self._mark_document()
        self.browser.forward()
        self._wait_new_document(marker, "the page Forward goes to")
        if title:
            self.wait_title(title)
        return self.check_page()

    def open_elsewhere(self, path):
        """Opens path in this browser's FlowHost session as another tab of the browser would (a GET
        with the browser's cookies), leaving the page on screen as it is; returns the address the
        server answered with."""
        cookies = "; ".join(f"{cookie['name']}={cookie['value']}" for cookie in self.cookies())
        request = urllib.request.Request(self.base_url + path, headers={"Cookie": cookies})
        with _OPENER.open(request, timeout=30) as response:
            if response.status != 200:
                raise AssertionError(f"{self.label}GET {path} from another tab answered {response.status}")
            return response.url

    def sign_in(self, email=DEMO_EMAIL, password=DEMO_PASSWORD, title="Movies"):
        """Fills the login form (replacing what the fields hold) and presses Sign In."""
        self.wait_title("Sign In")
        self.fill("email", email)
        self.fill("password", password)
        return self.press(self.button("Sign In"), title)

    def fill(self, name, value):
        self.browser.type(self.find("name", name), value)

    # -- artifacts ---------------------------------------------------------------------------

    def save_artifacts(self, stem):
        """Saves e2e-artifacts/<stem>.png and .html; returns the paths saved (or why not)."""
        os.makedirs(ARTIFACTS, exist_ok=True)
        saved = []
        png, html = os.path.join(ARTIFACTS, stem + ".png"), os.path.join(ARTIFACTS, stem + ".html")
        try:
            if self.browser.screenshot(png):
                saved.append(png)
        except (self.browser.Error, OSError) as error:
            saved.append(f"(no screenshot: {error})")
        try:
            with open(html, "w", encoding="utf-8") as file:
                file.write(f"<!-- {self.url} -->\n" + self.browser.page_source)
            saved.append(html)
        except (self.browser.Error, OSError) as error:
            saved.append(f"(no page source: {error})")
        return saved


# ----------------------------------------------------------------------------------------------
# The test case base


class FlowHostTestCase(unittest.TestCase):
    """Each test gets browsers as fresh as new from self.browser(); a failure saves what each one
    showed. `browser_kind` ("chromium", "firefox") is set by each per-browser class of a suite (the
    tests are written once, in a mixin); None for tests that use no browser."""

    browser_kind = None

    def setUp(self):
        self.pages = []
        self.servers = [SERVER]

    def tearDown(self):
        for page in self.pages:
            POOLS[page.browser.kind].give_back(page.browser)

    def browser(self, javascript=True, name="", server=None):
        if self.browser_kind is None:
            raise RuntimeError(f"{type(self).__name__} names no browser_kind")
        page = Page(POOLS[self.browser_kind].take(javascript), (server or SERVER).base_url, name=name)
        self.pages.append(page)
        return page

    def own_server(self):
        """A server for this test alone (for a test that may bring it down); stopped after the test."""
        server = Server(log_name=f"server-{self._testMethodName}-{self.browser_kind}.log")
        server.start()
        self.addCleanup(server.stop)
        self.servers.append(server)
        return server

    def signed_in_browser(self, **kwargs):
        return self.browser(**kwargs).open("/", title="Sign In").sign_in()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in dir(cls):
            method = getattr(cls, name)
            if name.startswith("test") and callable(method) and not getattr(method, "_saves_artifacts", False):
                setattr(cls, name, _saving_artifacts(method))

    def _save_artifacts(self):
        stem = f"{self._testMethodName}-{self.browser_kind}" if self.browser_kind else self._testMethodName
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
            else:  # a driver's own message, without its stack
                message = f"{type(error).__name__}: {getattr(error, 'msg', None) or getattr(error, 'message', None) or error}"
            raise AssertionError(f"{message}\nScreenshot and page source saved:\n{where}") from error

    run._saves_artifacts = True
    return run
