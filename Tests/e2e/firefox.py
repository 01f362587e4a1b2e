"""Headless Firefox ESR as a `Browser`: Debian's `firefox-esr` driven through Marionette, Firefox's
own remote protocol, with Mozilla's `marionette-driver` (PyPI). It starts Firefox with `-marionette`
and a new profile of its own; Selenium's Firefox driver would need geckodriver, which Debian does not
package.

Environment (optional):
  E2E_FIREFOX   the browser binary (default: /usr/lib/firefox-esr/firefox-esr, Debian's)

Firefox writes its own output to e2e-artifacts/firefox-<n>.log.
"""

import contextlib
import itertools
import os

from marionette_driver import errors
from marionette_driver.marionette import Marionette, WebElement

from browser import Browser, Element, unwrapped

FIREFOX = os.environ.get("E2E_FIREFOX", "/usr/lib/firefox-esr/firefox-esr")
ARTIFACTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "e2e-artifacts")

# Loopback only: never through a proxy named in the environment (Firefox reads it by default).
PREFERENCES = {"network.proxy.type": 0}

# What `prefers-color-scheme` answers in pages: 0 dark, 1 light; cleared, Firefox's own default.
COLOR_SCHEME_PREFERENCE = "layout.css.prefers-color-scheme.content-override"

_numbers = itertools.count(1)


class FirefoxElement(Element):
    def attribute(self, name):
        return self.raw.get_attribute(name)  # Marionette's is WebDriver's: the attribute, not the property


class FirefoxBrowser(Browser):
    kind = "firefox"
    name = "Firefox"
    Error = errors.MarionetteException
    NoSuchElement = errors.NoSuchElementException
    StaleElement = errors.StaleElementException

    def __init__(self, javascript=True):
        super().__init__(javascript)
        os.makedirs(ARTIFACTS, exist_ok=True)
        preferences = dict(PREFERENCES)
        if not javascript:
            preferences["javascript.enabled"] = False
        self.marionette = Marionette(
            bin=FIREFOX,
            app="fxdesktop",
            port=0,  # a free port: several Firefoxes at once
            headless=True,
            prefs=preferences,
            gecko_log=os.path.join(ARTIFACTS, f"firefox-{next(_numbers)}.log"),
            startup_timeout=120,  # a loaded machine
        )
        try:
            self.marionette.start_session()
            self.marionette.timeout.page_load = 30
            self._size_viewport(500, 900)
        except Exception:
            self.quit()
            raise
        self._console_since = self._now()

    def _size_viewport(self, width, height):
        """The page gets width x height CSS pixels, as Chromium's --window-size gives headless."""
        self.marionette.set_window_rect(width=width, height=height)
        inner_width, inner_height = self.run("return [window.innerWidth, window.innerHeight]")
        if (inner_width, inner_height) != (width, height):
            self.marionette.set_window_rect(width=2 * width - inner_width, height=2 * height - inner_height)

    # Scripts run with `sandbox=None`: in the page's own global scope, as in Chromium. Marionette's
    # default sandbox sees the page through X-ray wrappers: none of the page's globals (axe, markers).

    def get(self, url):
        self.marionette.navigate(url)

    @property
    def title(self):
        return self.marionette.title

    @property
    def url(self):
        return self.marionette.get_url()

    def find(self, by, target):
        return FirefoxElement(self, self.marionette.find_element(by, target))

    def find_all(self, by, target):
        return [FirefoxElement(self, raw) for raw in self.marionette.find_elements(by, target)]

    def run(self, script, *args):
        return self._wrap(self.marionette.execute_script(script, script_args=unwrapped(args), sandbox=None))

    def run_async(self, script, *args):
        return self._wrap(self.marionette.execute_async_script(script, script_args=unwrapped(args), sandbox=None))

    @contextlib.contextmanager
    def async_scripts(self):
        if self.javascript:
            yield
            return
        # With JavaScript off Firefox runs no callback at all, not even a promise's, and a script
        # that was run then (axe-core) stays stuck after: JavaScript is on for the whole context.
        # The page's own scripts stay unrun: they were skipped when it loaded, and its policy allows
        # no inline handlers.
        self.marionette.set_pref("javascript.enabled", True)
        try:
            yield
        finally:
            self.marionette.set_pref("javascript.enabled", False)

    def _wrap(self, value):
        if isinstance(value, WebElement):
            return FirefoxElement(self, value)
        if isinstance(value, list):
            return [self._wrap(item) for item in value]
        return value

    def click(self, element):
        try:
            element.raw.click()
        except errors.ElementNotInteractableException:
            # Marionette finds no point of some visible SVG elements to click (a storyboard's link
            # around a thumbnail, whose frame is what lies under the pointer): a click at the centre,
            # as a person's, which Chromium's driver makes anyway.
            x, y = self.run(
                "arguments[0].scrollIntoView({block: 'center'});"
                "const box = arguments[0].getBoundingClientRect();"
                "return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];",
                element,
            )
            mouse = self.marionette.actions.sequence("pointer", "mouse", {"pointerType": "mouse"})
            mouse.pointer_move(x, y).pointer_down().pointer_up().perform()

    def back(self):
        self.marionette.go_back()

    def forward(self):
        self.marionette.go_forward()

    def cookies(self):
        return self.marionette.get_cookies()

    def set_color_scheme(self, scheme):
        self.marionette.set_pref(COLOR_SCHEME_PREFERENCE, {"dark": 0, "light": 1}.get(scheme))

    def set_page_load_timeout(self, seconds):
        self.marionette.timeout.page_load = seconds

    def console_errors(self):
        """Errors of pages (not of Firefox itself) from Firefox's console service: script errors,
        refused loads and policy violations, as its console shows them."""
        with self.marionette.using_context("chrome"):
            messages = self.marionette.execute_script(
                """
                const [since] = arguments;
                const warningOrInfo = Ci.nsIScriptError.warningFlag | Ci.nsIScriptError.infoFlag;
                return Services.console.getMessageArray()
                  .filter(m => m instanceof Ci.nsIScriptError && m.timeStamp >= since && !m.isFromChromeContext
                            && !/^(chrome|resource|moz-extension):/.test(m.sourceName) && !(m.flags & warningOrInfo))
                  .map(m => `${m.sourceName}:${m.lineNumber} ${m.errorMessage}`);
                """,
                script_args=[self._console_since],
            )
        self._console_since = self._now()
        return messages

    def _now(self):
        with self.marionette.using_context("chrome"):
            return self.marionette.execute_script("return Date.now()")

    def screenshot(self, path):
        with open(path, "wb") as file:
            file.write(self.marionette.screenshot(format="binary", full=False))
        return True

    @property
    def page_source(self):
        return self.marionette.page_source

    def reset(self):
        old = self.marionette.window_handles
        new = self.marionette.open(type="tab")["handle"]
        for handle in old:
            self.marionette.switch_to_window(handle)
            self.marionette.close()
        self.marionette.switch_to_window(new)
        with self.marionette.using_context("chrome"):
            self.marionette.execute_async_script(
                """
                const done = arguments[arguments.length - 1];
                const what = Ci.nsIClearDataService.CLEAR_COOKIES | Ci.nsIClearDataService.CLEAR_DOM_STORAGES;
                Services.clearData.deleteData(what, () => done());
                """
            )
        self.set_color_scheme("")
        self.console_errors()  # the last test's console

    def quit(self):
        try:
            self.marionette.cleanup()
        except (errors.MarionetteException, OSError):
            pass
