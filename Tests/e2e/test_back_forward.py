"""End-to-end tests of the browser's Back and Forward buttons over every kind of move the sample makes:
a push, a sheet, an alert, a tab; and of a page that history re-shows after the session moved on.

Written once (`BackForwardTests`), run in each browser by the classes test_flowhost.py makes
(BackForwardChromium, BackForwardFirefox): Back and Forward are the browser's own, and rest on facts
that differ between browsers (Chromium's back/forward cache and the navigation cookie; which answers
make a history entry).

Forward after Back (issue 39 point 1): the server takes again the recorded action that Back undid
(the push, the sheet), in order over several, and records it in the click path; when another screen
was opened from there meanwhile, Forward shows the current screen with one line saying why the
other one is gone. Forward never shows a broken page and never takes an action the person did not
take (an alert's answer is never given again).

Alone: python3 Tests/e2e/test_flowhost.py -k BackForward
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import CSS, HEAT_CAST, PACINO_MOVIES  # noqa: E402


class BackForwardTests:
    """Mixed into a `FlowHostTestCase` per browser."""

    def assert_live(self, page):
        """The page's buttons act: the list opens Heat, Heat opens Al Pacino."""
        if page.title == "Movies":
            page.tap("Heat", title="Heat")
        elif page.title == "Heat":
            page.tap("Al Pacino", title="Al Pacino")
        else:
            self.fail(f"{page.label}expected the list or Heat, the page shows {page.describe()}")

    def assert_nothing_watched(self, page):
        page.switch_tab("Watched", title="Watched")
        self.assertIn("Nothing watched yet", page.content_text())

    # -- a push ----------------------------------------------------------------------------------

    def test_bf_1_back_back_forward_forward_over_pushes(self):
        """List -> Heat -> Al Pacino, Back twice: each Back pops; Forward twice shows a live page."""
        page = self.signed_in_browser()
        page.tap("Heat", title="Heat")
        page.tap("Al Pacino", title="Al Pacino")
        page.back(title="Heat")
        self.assertEqual(page.back_label(), "Movies")
        page.back(title="Movies")
        self.assertIsNone(page.back_label())

        page.forward()
        self.assertIn(page.title, {"Heat", "Movies"}, "Forward shows Heat (redone) or the list (on top)")
        page.forward()
        self.assertIn(page.title, {"Al Pacino", "Heat", "Movies"})
        if page.title == "Al Pacino":
            page.back(title="Heat")
        self.assert_live(page)

    def test_bf_2_forward_after_back_shows_heat_again(self):
        page = self.signed_in_browser()
        page.tap("Heat", title="Heat")
        page.back(title="Movies")
        page.forward()
        self.assertEqual(page.title, "Heat")
        self.assertEqual(page.back_label(), "Movies")
        self.assertEqual(page.cell_titles(), HEAT_CAST)
        page.tap("Al Pacino", title="Al Pacino")

    def test_bf_3_forward_twice_after_back_twice_redoes_both_in_order(self):
        page = self.signed_in_browser()
        page.tap("Heat", title="Heat")
        page.tap("Al Pacino", title="Al Pacino")
        page.back(title="Heat")
        page.back(title="Movies")
        page.forward()
        self.assertEqual(page.title, "Heat")
        self.assertEqual(page.back_label(), "Movies")
        page.forward()
        self.assertEqual(page.title, "Al Pacino")
        self.assertEqual(page.back_label(), "Heat")
        self.assertEqual(set(page.cell_titles()), PACINO_MOVIES)

    # -- a sheet ---------------------------------------------------------------------------------

    def test_bf_4_back_closes_the_rating_sheet_and_forward_rates_nothing(self):
        """Rate presents a sheet; Back closes it with no rating given; Forward gives none either."""
        page = self.signed_in_browser()
        page.tap("Heat", title="Heat")
        page.tap("Rate", title="Rate")
        self.assertTrue(page.has_sheet())
        page.back(title="Heat")
        self.assertFalse(page.has_sheet(), "Back closes the sheet")
        self.assertEqual(page.back_label(), "Movies", "and only the sheet")
        self.assertNotIn("Your rating", page.content_text())

        page.forward()
        self.assertIn(page.title, {"Rate", "Heat"}, "Forward shows the sheet (redone) or Heat (on top)")
        if page.title == "Rate":
            page.press(page.nav_item("Cancel"), title="Heat")
        self.assertNotIn("Your rating", page.content_text(), "Forward gives no rating")
        page.tap("Al Pacino", title="Al Pacino")

    def test_bf_5_forward_after_back_opens_the_rating_sheet_again(self):
        page = self.signed_in_browser()
        page.tap("Heat", title="Heat")
        page.tap("Rate", title="Rate")
        page.back(title="Heat")
        page.forward()
        self.assertEqual(page.title, "Rate")
        self.assertTrue(page.has_sheet(), "Rate is presented as a sheet again")
        page.tap("\u2605" * 3 + "\u2606" * 2, title="Thanks")

    # -- an alert --------------------------------------------------------------------------------

    def test_bf_6_back_and_forward_over_an_alert_never_take_its_action(self):
        """Add to Watched asks first. Back leaves it unanswered and nothing is added; Forward
        neither. The alert has Heat's address: Chromium keeps a history entry for it, so the first Back
        shows Heat with its alert again; Firefox replaces Heat's entry, so Back goes to the list."""
        page = self.signed_in_browser()
        page.tap("Heat", title="Heat")
        page.tap("Add to Watched", title="Heat")
        self.assertEqual(page.alert_title(), "Add to Watched?")

        page.back()
        if page.title == "Heat":  # Chromium: the entry of the same address
            self.assertEqual(page.alert_title(), "Add to Watched?", "the alert, still unanswered")
            page.back()
        page.wait_title("Movies")
        self.assertIsNone(page.alert())

        page.forward()
        self.assertIn(page.title, {"Heat", "Movies"})
        if page.alert() is not None:
            page.press(page.alert_action("Cancel"), title="Heat")
        self.assert_nothing_watched(page)

    # -- a tab -----------------------------------------------------------------------------------

    def test_bf_7_back_and_forward_over_a_tab_switch(self):
        """Back after switching tabs selects the tab before, on the screen it showed; Forward selects
        the other tab again, each tab with its own stack."""
        page = self.signed_in_browser()
        page.tap("Heat", title="Heat")
        page.switch_tab("Stack", title="Screen A")
        page.tap("Next: B", title="Screen B")

        page.back(title="Screen A")
        self.assertEqual(page.selected_tab(), "Stack")
        page.back(title="Heat")
        self.assertEqual(page.selected_tab(), "Movies")
        self.assertEqual(page.back_label(), "Movies", "the Movies tab kept its stack")

        page.forward(title="Screen A")
        self.assertEqual(page.selected_tab(), "Stack")
        self.assertIsNone(page.back_label())
        page.forward()
        self.assertIn(page.title, {"Screen B", "Screen A"}, "B redone, or A on top")
        self.assertEqual(page.selected_tab(), "Stack")
        page.switch_tab("Movies", title="Heat")

    # -- after the session moved on ---------------------------------------------------------------

    def test_bf_8_a_stale_page_after_back_does_nothing(self):
        """Without JavaScript the page never moves by itself: the page Back re-showed stays on screen
        after the session moved on (here another tab opened The Godfather). Its button answers
        "Nothing was done" with a way to the current screen; nothing is added to Watched."""
        page = self.signed_in_browser(javascript=False)
        page.tap("Heat", title="Heat")
        page.tap("Al Pacino", title="Al Pacino")
        page.back(title="Heat")
        page.open_elsewhere("/link/movies/2")
        self.assertEqual(page.title, "Heat", "the page on screen stays as it was")

        page.tap("Add to Watched", title="Nothing was done")
        self.assertIn("This page was out of date", page.find(CSS, "main").text)
        page.press(page.find("link text", "Go to the current screen"), title="The Godfather")
        self.assertIsNone(page.alert(), "no alert: nothing was asked for The Godfather")
        self.assertEqual(page.back_label(), "Movies")
        self.assert_nothing_watched(page)

    def test_bf_9_with_javascript_the_page_back_showed_follows_the_session(self):
        """With JavaScript the page Back re-showed moves by itself when another tab moves the session:
        no stale button stays on screen."""
        page = self.signed_in_browser()
        page.tap("Heat", title="Heat")
        page.tap("Al Pacino", title="Al Pacino")
        page.back(title="Heat")
        page.open_elsewhere("/link/movies/2")
        page.wait_title("The Godfather")
        self.assertEqual(page.back_label(), "Movies")
        page.tap("Add to Watched", title="The Godfather")
        self.assertEqual(page.alert_title(), "Add to Watched?")

    def test_bf_10_forward_after_another_screen_was_opened_shows_the_current_screen(self):
        """Back from Heat, then another tab opens The Godfather from the list: Forward (to Heat) shows
        the screen on top, The Godfather, live. (Without JavaScript: the page waits for Forward.)"""
        page = self.signed_in_browser(javascript=False)
        page.tap("Heat", title="Heat")
        page.back(title="Movies")
        page.open_elsewhere("/link/movies/2")
        page.forward(title="The Godfather")
        self.assertEqual(page.back_label(), "Movies")
        page.tap("Marlon Brando", title="Marlon Brando")

    def test_bf_11_forward_after_another_screen_was_opened_says_why_heat_is_gone(self):
        page = self.signed_in_browser(javascript=False)
        page.tap("Heat", title="Heat")
        page.back(title="Movies")
        page.open_elsewhere("/link/movies/2")
        page.forward(title="The Godfather")
        notices = [notice.text for notice in page.find_all(CSS, "[role=status]") if notice.text.strip()]
        self.assertEqual(len(notices), 1, "one line says why")
        self.assertIn("Heat", notices[0])
