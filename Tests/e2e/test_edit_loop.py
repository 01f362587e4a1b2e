"""End-to-end tests of the edit loop: `flowhost serve` reloads templates as they are saved, shows a
broken one over the open page until it is fixed, and `scripts/dev` restarts the server with the open
page landing back on its screen.

Written once, run in each browser: test_flowhost.py makes a class per browser of `EditLoopTests`
(EditLoopChromium, EditLoopFirefox). Alone: python3 Tests/e2e/test_flowhost.py -k EditLoop
"""

import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import CSS, FLOWHOST, ROOT, Server  # noqa: E402

SUBTITLE = "A FlowHost sample: sign in to browse."


class EditLoopTests:
    """Mixed into a `FlowHostTestCase` per browser."""

    def templates_copy(self):
        """The sample's templates in a folder of this test's own (removed afterwards)."""
        folder = tempfile.mkdtemp(prefix="flowhost-e2e-templates-")
        self.addCleanup(shutil.rmtree, folder, True)
        templates = os.path.join(folder, "Templates")
        shutil.copytree(os.path.join(ROOT, "Templates"), templates)
        return templates

    def edit(self, path, old, new):
        with open(path, encoding="utf-8") as file:
            source = file.read()
        self.assertIn(old, source)
        with open(path, "w", encoding="utf-8") as file:
            file.write(source.replace(old, new, 1))

    def test_edit_loop_1_a_saved_template_shows_and_a_broken_one_shows_its_line(self):
        """The open page shows a saved template by itself; a broken save shows the problem over the
        page at its file:line:col with the line at fault; the fix brings the page back."""
        templates = self.templates_copy()
        server = Server(log_name=f"server-{self._testMethodName}-{self.browser_kind}.log", args=["--templates", templates])
        server.start()
        self.addCleanup(server.stop)
        self.servers.append(server)
        login = os.path.join(templates, "login", "login.mustache")
        page = self.browser(server=server).open("/", title="Sign In")

        def subtitle(page):
            found = page.find_all(CSS, ".hero-subtitle")
            return found[0].text if found else None

        marker = page._mark_document()
        self.edit(login, SUBTITLE, "Edited while it was open.")
        page._wait_new_document(marker, "the page to move after the template was saved")
        page.wait(lambda page: subtitle(page) == "Edited while it was open.", "the edited subtitle")
        page.check_page()

        marker = page._mark_document()
        self.edit(login, '<div class="form">', '<div class="form"><span>')
        page._wait_new_document(marker, "the page to move after a broken save")
        overlay = page.wait(
            lambda page: page.find_all(CSS, ".template-problems"), "the template problem over the page"
        )[0]
        self.assertIn(f"{login}:4:19: Unclosed element <span>", overlay.text)
        source = overlay.find(CSS, "pre")
        self.assertEqual(source.find(CSS, ".template-problem-line-number").text, "4")
        self.assertIn('<div class="form"><span>', source.text)
        self.assertEqual(subtitle(page), "Edited while it was open.", "the last good page stays under it")
        page.check_page()

        plain = self.browser(server=server, javascript=False, name="no-js").open("/", title="Sign In")
        self.assertIn(f"{login}:4:19:", plain.find(CSS, ".template-problems").text)

        marker = page._mark_document()
        self.edit(login, '<div class="form"><span>', '<div class="form">')
        page._wait_new_document(marker, "the page to move after the fix")
        page.wait(lambda page: not page.find_all(CSS, ".template-problems"), "the problem to go")
        page.sign_in()

    def test_edit_loop_2_dev_restart_brings_the_open_page_back_to_its_screen(self):
        """scripts/dev restarts the server when a Swift file changes. Here its build step is `true` and
        it watches a folder of this test (a real rebuild takes minutes): the restart is the script's
        own, on the same store, and the open page, untouched, lands back on its screen."""
        watched = tempfile.mkdtemp(prefix="flowhost-e2e-sources-")
        self.addCleanup(shutil.rmtree, watched, True)
        server = Server(
            log_name=f"server-{self._testMethodName}-{self.browser_kind}.log",
            launcher=[os.path.join(ROOT, "scripts", "dev")],
            env={"FLOWHOST_DEV_BUILD": "true", "FLOWHOST_DEV_WATCH": watched, "FLOWHOST_BIN": FLOWHOST},
        )
        server.start()
        self.addCleanup(server.stop)
        self.servers.append(server)
        page = self.browser(server=server).open("/", title="Sign In").sign_in()
        page.tap("Heat", title="Heat")
        page.tap("Al Pacino", title="Al Pacino")
        before = server.get("/healthz")

        marker = page._mark_document()
        with open(os.path.join(watched, "Flow.swift"), "w", encoding="utf-8") as file:
            file.write("// changed\n")
        page._wait_new_document(marker, "the page to move once the server restarted")
        page.wait_title("Al Pacino")
        self.assertEqual(page.back_label(), "Heat")
        with open(server.log_path, encoding="utf-8") as file:
            log = file.read()
        self.assertIn("Flow.swift changed; building", log)
        self.assertIn("dev: restarting the server", log)
        self.assertEqual(before, (200, "ok"))
        page.press(page.nav_back(), title="Heat")
        page.tap("Val Kilmer", title="Val Kilmer")

    def test_edit_loop_3_broken_at_start_stops_the_server_unless_watch(self):
        """A broken template at start stops `flowhost serve` with file:line:col: message (exit 65), as
        before watching existed; with --watch the server starts and its pages show the problem."""
        templates = self.templates_copy()
        login = os.path.join(templates, "login", "login.mustache")
        self.edit(login, '<div class="form">', '<div class="form"><span>')
        stopped = subprocess.run(
            [FLOWHOST, "serve", "--port", "0", "--templates", templates, "--store", "memory"],
            cwd=ROOT, capture_output=True, text=True, timeout=30,
        )
        self.assertEqual(stopped.returncode, 65)
        self.assertIn(f"{login}:4:19: Unclosed element <span>", stopped.stderr)

        server = Server(log_name=f"server-{self._testMethodName}-{self.browser_kind}.log", args=["--templates", templates, "--watch"])
        server.start()
        self.addCleanup(server.stop)
        self.servers.append(server)
        page = self.browser(server=server).open("/", title="Sign In")
        self.assertIn(f"{login}:4:19:", page.find(CSS, ".template-problems").text)
