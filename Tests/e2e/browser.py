"""The one small interface the end-to-end tests drive a browser through, whichever browser it is.

Two implementations: `chromium.py` (Debian's Chromium through chromedriver and Selenium) and
`firefox.py` (Debian's Firefox ESR through Marionette, Mozilla's own remote protocol, with
`marionette-driver` from PyPI: Selenium's Firefox driver needs geckodriver, which Debian does not
package). A test never touches a driver: it uses a `Browser`, the `Element`s it finds, and the
harness's `Page` built on them.

A browser is started once and handed to test after test (`BrowserPool`): `reset` makes it as fresh as a
new one for what FlowHost can see (a new tab, so no history and no back/forward cache; no cookies,
so a new FlowHost session; no local or session storage). Firefox takes seconds to start on a loaded
machine: starting it for every test would cost more than some tests take.
"""

import contextlib
import time


class Browser:
    """One headless browser (its own profile) showing one tab.

    Subclasses set `kind` ("chromium", "firefox"), `name` (as people write it) and the driver's
    exception classes: `Error` (any failure of the driver), `NoSuchElement`, `StaleElement` (an element
    of a document that has gone), and implement the methods below.
    """

    kind = ""
    name = ""
    Error = Exception
    NoSuchElement = Exception
    StaleElement = Exception

    def __init__(self, javascript=True):
        # False: the page's own scripts never run (the test's scripts still do).
        self.javascript = javascript

    # -- the page on screen --------------------------------------------------------------------

    def get(self, url):
        """Loads url in the tab and returns once it has loaded."""
        raise NotImplementedError

    @property
    def title(self):
        raise NotImplementedError

    @property
    def url(self):
        raise NotImplementedError

    def find(self, by, target):
        """The first element at target ("css selector", "xpath", "name", "id", "link text", ...);
        raises `NoSuchElement` when there is none."""
        raise NotImplementedError

    def find_all(self, by, target):
        raise NotImplementedError

    def run(self, script, *args):
        """Runs script (a function body; `arguments` are args, `Element`s among them) in the page's
        own global scope, as the page's scripts see it; returns what it returns."""
        raise NotImplementedError

    def run_async(self, script, *args):
        """As `run`, and the script calls its last argument with the result. With JavaScript off,
        only inside `async_scripts()`."""
        raise NotImplementedError

    def async_scripts(self):
        """A context in which the test's own scripts may wait on timers and promises (`run_async`,
        a script that schedules work), even with the page's JavaScript off: browsers then run no
        callbacks. The page's own scripts stay unrun."""
        return contextlib.nullcontext()

    # -- acting ----------------------------------------------------------------------------------

    def click(self, element):
        element.raw.click()

    def type(self, element, text):
        """Replaces what a field holds with text, typed."""
        element.raw.clear()
        if text:
            element.raw.send_keys(text)

    def back(self):
        """The browser's Back button."""
        raise NotImplementedError

    def forward(self):
        """The browser's Forward button."""
        raise NotImplementedError

    def cookies(self):
        """The cookies of the page on screen, as dicts with at least "name" and "value"."""
        raise NotImplementedError

    def set_color_scheme(self, scheme):
        """What `prefers-color-scheme` answers in the page: "light", "dark", or "" for the default."""
        raise NotImplementedError

    def set_page_load_timeout(self, seconds):
        raise NotImplementedError

    def console_errors(self):
        """The errors the browser's console shows for pages (script errors, refused loads) since the
        last call, as messages."""
        raise NotImplementedError

    # -- artifacts and life -------------------------------------------------------------------

    def screenshot(self, path):
        """Saves a PNG of what the tab shows; False when the browser could not take one."""
        raise NotImplementedError

    @property
    def page_source(self):
        raise NotImplementedError

    def reset(self):
        """Makes the browser as a new one for the next test: one new tab, no cookies, no storage."""
        raise NotImplementedError

    def quit(self):
        raise NotImplementedError


class Element:
    """An element of the page on screen, found by a `Browser`; the same in every browser."""

    def __init__(self, browser, raw):
        self.browser = browser
        self.raw = raw  # the driver's own element

    @property
    def text(self):
        """The text as rendered (what a person reads)."""
        return self.raw.text

    def attribute(self, name):
        """The attribute as the server sent it (not a property the page changed since), or None."""
        raise NotImplementedError

    def property(self, name):
        """The DOM property (`textContent`, `value`, ...)."""
        return self.raw.get_property(name)

    def is_displayed(self):
        return self.raw.is_displayed()

    def find(self, by, target):
        return type(self)(self.browser, self.raw.find_element(by, target))

    def find_all(self, by, target):
        return [type(self)(self.browser, raw) for raw in self.raw.find_elements(by, target)]

    def click(self):
        self.browser.click(self)


def unwrapped(args):
    """Script arguments as the driver takes them: each `Element` as the driver's own."""
    return [arg.raw if isinstance(arg, Element) else arg for arg in args]


class BrowserPool:
    """The started browsers of one kind, handed out one test after another: a test takes what it
    needs (two at once for two sessions; one without JavaScript), and gives them back reset."""

    def __init__(self, make):
        self.make = make  # make(javascript=...) starts one
        self.idle = []
        self.started = 0
        self.start_seconds = 0.0
        self.quit_seconds = 0.0

    def take(self, javascript=True):
        for browser in self.idle:
            if browser.javascript == javascript:
                self.idle.remove(browser)
                return browser
        started = time.monotonic()
        browser = self.make(javascript=javascript)
        self.start_seconds += time.monotonic() - started
        self.started += 1
        return browser

    def give_back(self, browser):
        """Resets browser for the next test; quits it when it cannot be reset (it crashed)."""
        try:
            browser.reset()
        except (browser.Error, OSError):
            self._quit(browser)
            return
        self.idle.append(browser)

    def quit_all(self):
        while self.idle:
            self._quit(self.idle.pop())

    def _quit(self, browser):
        started = time.monotonic()
        browser.quit()
        self.quit_seconds += time.monotonic() - started
