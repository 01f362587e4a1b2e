#!/usr/bin/env python3
"""Checks a static export the way a visitor would click it: every page's links, form targets
(action, formaction) and sources resolve to a file inside the export folder, no page posts
anywhere (a static host answers POST with 405), and every enabled button of a page leads somewhere.

Usage: check_export.py DIR [--min-pages N]
Prints one line per problem and exits 1 when there is any; else prints what it checked.
Python 3 standard library only.
"""

import argparse
import html.parser
import os
import sys
import urllib.parse


class Page(html.parser.HTMLParser):
    """The references and the forms of one page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.references = []  # (attribute, value)
        self.forms = []  # each: {"action", "method", "buttons": [(formaction, formmethod, disabled)]}
        self.form = None
        self.disabled_fieldsets = []  # one flag per open fieldset: a disabled one disables its buttons

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "fieldset":
            self.disabled_fieldsets.append("disabled" in attributes)
        for name in ("href", "xlink:href", "src", "action", "formaction"):
            if attributes.get(name):
                self.references.append((name, attributes[name]))
        if tag == "form":
            self.form = {"action": attributes.get("action"), "method": (attributes.get("method") or "get").lower(),
                         "buttons": []}
            self.forms.append(self.form)
        elif tag == "button" and self.form is not None:
            disabled = "disabled" in attributes or any(self.disabled_fieldsets)
            self.form["buttons"].append((attributes.get("formaction"), (attributes.get("formmethod") or "").lower(),
                                         disabled))

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "fieldset" and self.disabled_fieldsets:
            self.disabled_fieldsets.pop()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder")
    parser.add_argument("--min-pages", type=int, default=1)
    args = parser.parse_args()
    root = os.path.realpath(args.folder)
    problems = []
    pages = links = buttons = 0
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(".html"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, root)
            page = Page()
            with open(path, encoding="utf-8") as file:
                page.feed(file.read())
            pages += 1
            for attribute, value in page.references:
                if value.startswith(("#", "data:")):
                    continue
                parsed = urllib.parse.urlsplit(value)
                if parsed.scheme or parsed.netloc or value.startswith("/"):
                    problems.append(f"{relative}: {attribute}={value!r} is not relative to the export")
                    continue
                target = os.path.realpath(os.path.join(folder, urllib.parse.unquote(parsed.path)))
                if not target.startswith(root + os.sep) or not os.path.isfile(target):
                    problems.append(f"{relative}: {attribute}={value!r} leads to no file of the export")
                links += 1
            for form in page.forms:
                for formaction, formmethod, disabled in form["buttons"] or [(None, "", False)]:
                    if disabled:
                        continue
                    buttons += 1
                    target = formaction or form["action"]
                    method = formmethod or form["method"]
                    if not target:
                        problems.append(f"{relative}: an enabled button leads nowhere")
                    elif method != "get":
                        problems.append(f"{relative}: a button posts ({method}) to {target!r}: a static host refuses it")
    if pages < args.min_pages:
        problems.append(f"only {pages} pages in {args.folder}, expected at least {args.min_pages}")
    for problem in problems[:40]:
        print("error:", problem)
    if problems:
        sys.exit(f"{len(problems)} problems in the export at {args.folder}")
    print(f"check-export: {pages} pages, {links} links and {buttons} enabled buttons, all resolve inside the export")


if __name__ == "__main__":
    main()
