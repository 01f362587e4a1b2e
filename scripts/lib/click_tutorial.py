"""Clicks through the tutorial's prototype (FlowHostApp.docc/YourFirstPrototype.md) on a running
server as a person would: welcome -> sign-up form refused with a field error -> accepted -> the tab
bar -> Settings -> Sign Out. Usage: click_tutorial.py PORT; exits non-zero with what went wrong."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Benchmarks", "python"))
from flowhost_browser import Browser  # noqa: E402


def expect(condition, message):
    if not condition:
        sys.exit(f"error: {message}")


def main():
    browser = Browser(int(sys.argv[1]))
    browser.open("/")
    expect(browser.title == "Welcome", f"the first page is {browser.title!r}, not Welcome")
    browser.press("Sign Up")
    expect(browser.title == "Sign Up", f"Sign Up showed {browser.title!r}")
    browser.press("Create Account", "name=Ada&email=ada%40example.com&password=short")
    expect("Use at least 8 characters." in browser.page, "a short password showed no field error")
    expect('value="ada@example.com"' in browser.page, "the refused form lost the email typed")
    expect("short" not in browser.page, "the refused form showed the secret password again")
    browser.press("Create Account", "name=Ada&email=ada%40example.com&password=correct+horse")
    expect(browser.title == "Home" and "Hello, Ada" in browser.page, f"signing up showed {browser.title!r}")
    browser.press("Settings")
    expect(browser.title == "Settings", f"the Settings tab showed {browser.title!r}")
    browser.press("Sign Out")
    expect(browser.title == "Welcome", f"Sign Out showed {browser.title!r}")
    print("click-through: Welcome -> Sign Up (a field error, then accepted) -> Home -> Settings -> Sign Out -> Welcome")


main()
