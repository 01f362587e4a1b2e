"""Counts what the Nu HTML checker and axe find on the sample's screens, without failing: the
before/after figures of issue 19. Clicks through about twenty distinct pages as a new user would.

Run from the repository root after `swift build`:  python3 Tests/e2e/measure_pages.py [chromium|firefox]
"""

import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import CHECKS, SERVER, Page, make_browser  # noqa: E402


def record_only(page):
    CHECKS.check(page.browser, page.base_url)
    return page


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else "chromium"
    Page.check_page = record_only  # count every finding instead of stopping at the first page
    SERVER.start()
    page = Page(make_browser(kind), SERVER.base_url)
    try:
        page.open("/", title="Sign In")
        page.fill("email", "ada@example")
        page.tap("Sign In", title="Sign In")
        page.sign_in()
        page.tap("Taxi Driver", title="Movies")
        page.press(page.alert_action("OK"), title="Movies")
        page.tap("Heat", title="Heat")
        page.tap("Al Pacino", title="Al Pacino")
        page.press(page.nav_back(), title="Heat")
        page.tap("Rate", title="Rate")
        page.tap("\u2605" * 4 + "\u2606", title="Thanks")
        page.press(page.nav_item("Done"), title="Heat")
        page.tap("Add to Watched", title="Heat")
        page.press(page.alert_action("Add"), title="Heat")
        page.switch_tab("Watched", title="Watched")
        page.switch_tab("Stack", title="Screen A")
        page.tap("Next: B", title="Screen B")
        page.tap("Jump to E", title="Screen E")
        page.tap("Timer", title="Timer")
        page.wait_title("Time's up", timeout=6)
        page.switch_tab("Profile", title="Profile")
        page.press(page.button("Show restricted titles"), title="Profile")
        page.tap("Log Out", title="Profile")
        page.press(page.alert_action("Log Out"), title="Sign In")
        page.open("/link/nowhere")
        page.wait(lambda page: page.find_all("tag name", "h1"), "a heading")
        page.check_page()
        errors, warnings = CHECKS.validate()
    finally:
        page.quit()
        SERVER.stop()

    print(f"{len(CHECKS.pages)} distinct pages, {CHECKS.axe_runs.get(kind, 0)} axe runs in {kind} (each page light and dark)")
    print(f"Nu HTML checker: {len(errors)} errors, {len(warnings)} warnings")
    kinds = collections.Counter(re.sub(r"\u201c[^\u201d]*\u201d", "\u201c\u2026\u201d", e.split(": ", 1)[1].split(" -- ")[0]) for e in errors)
    for kind, count in kinds.most_common():
        print(f"  {count:4}  {kind}")
    for message in warnings:
        print(f"  warning: {message}")
    print(f"axe: {len(CHECKS.violations)} failing nodes")
    rules = collections.Counter((rule, impact, scheme) for rule, impact, scheme, _ in CHECKS.violations)
    for (rule, impact, scheme), count in sorted(rules.items()):
        pages = len({label for r, i, s, label in CHECKS.violations if (r, i, s) == (rule, impact, scheme)})
        print(f"  {count:4}  {rule} ({impact}, {scheme}) on {pages} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
