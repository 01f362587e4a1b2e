import FlowCore
import FlowTesting
import HTMLPresenter
import SnapshotTesting
import Testing

/// The chrome of each container, as committed snapshots. Record with `SNAPSHOT_TESTING_RECORD=all swift test`;
/// CI sets `never`, so a missing snapshot fails there.
@MainActor
@Suite("Chrome snapshots")
struct ChromeSnapshotTests {
    let renderer = PageRenderer(
        templates: try! TemplateLibrary(templates: [
            "screens/Movies": """
            <ul class="list">{{#movies}}<li><form method="post" action="{{open}}" class="action">\
            <button type="submit" class="cell is-link"><span class="thumb tint-red">{{initials}}</span>\
            <span class="cell-text"><span class="cell-title">{{title}}</span></span></button></form></li>{{/movies}}</ul>
            """,
            "screens/Heat": "<div class=\"hero\"><p class=\"hero-title\">Heat</p></div>",
            "screens/Profile": "<p class=\"section\">ada@example.com</p>",
            "screens/Rate": "<div class=\"form\"><div class=\"field\"><label for=\"stars\">Stars</label>"
                + "<input id=\"stars\" name=\"stars\" value=\"{{form.values.stars}}\"></div></div>",
        ]))

    private func movies() -> HTMLViewController {
        screen("Movies") { actions in
            ["movies": [["title": "Heat", "initials": "HT", "open": actions.step(ScreenStep.open(1))]]]
        }
    }

    @Test("navigation bar with a back button")
    func navigationBar() throws {
        let window = HTMLWindow()
        let navigation = HTMLNavigationController(rootViewController: movies())
        window.rootViewController = navigation
        navigation.pushViewController(screen("Heat"))
        assertSnapshot(of: try renderer.validatedPage(window.updatedScreenTree()), as: .html)
    }

    @Test("tab bar with the selected tab and a large title")
    func tabBar() throws {
        let window = HTMLWindow()
        let moviesTab = HTMLNavigationController(rootViewController: movies())
        moviesTab.prefersLargeTitles = true
        moviesTab.tabBarItem = TabBarItem(title: "Movies", icon: "film")
        let profileTab = HTMLNavigationController(rootViewController: screen("Profile"))
        profileTab.tabBarItem = TabBarItem(title: "Profile", icon: "person")
        let tabs = HTMLTabBarController()
        tabs.setViewControllers([moviesTab, profileTab])
        window.rootViewController = tabs
        assertSnapshot(of: try renderer.validatedPage(window.updatedScreenTree()), as: .html)
    }

    @Test("sheet with its own navigation bar items over an inert screen")
    func sheet() throws {
        let window = HTMLWindow()
        let list = movies()
        window.rootViewController = HTMLNavigationController(rootViewController: list)
        let rate = screen("Rate")
        rate.navigationItem.leftBarButtonItems = [BarButtonItem(title: "Cancel", step: ScreenStep.done)]
        rate.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Done", style: .done, step: ScreenStep.done)]
        list.present(HTMLNavigationController(rootViewController: rate))
        assertSnapshot(of: try renderer.validatedPage(window.updatedScreenTree()), as: .html)
    }

    @Test("alert over a screen")
    func alert() throws {
        let window = HTMLWindow()
        let profile = screen("Profile")
        window.rootViewController = HTMLNavigationController(rootViewController: profile)
        let alert = HTMLAlertController(title: "Log out?", message: "You can sign in again at any time.")
        alert.addAction(HTMLAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(HTMLAlertAction(title: "Log Out", style: .destructive, step: ScreenStep.logout))
        profile.present(alert)
        assertSnapshot(of: try renderer.validatedPage(window.updatedScreenTree()), as: .html)
    }
}
