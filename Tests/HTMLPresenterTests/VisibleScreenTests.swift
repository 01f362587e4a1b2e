import FlowCore
import HTMLPresenter
import Testing

/// The window finds the screen on top on every change (Forward's bookkeeping asks it) and marks
/// what is visible on every change of the tree, walking its layers without capturing them: these
/// check that both say what a capture says, through every kind of layer and change.
@MainActor
@Suite("The screen on top and visibility, without capturing")
struct VisibleScreenTests {
    @Test("the screen on top and the visible screens are the capture's, after changes of each kind")
    func matchCapture() {
        // Given an empty window, then tabs [Movies, Profile] in it
        let window = HTMLWindow()
        #expect(window.visibleScreenID == nil)
        let movies = screen("Movies")
        let heat = screen("Heat")
        let profile = screen("Profile")
        let rate = screen("Rate")
        let plain = screen("Plain")
        let navigation = HTMLNavigationController(rootViewController: movies)
        let tabs = HTMLTabBarController()
        tabs.setViewControllers([navigation, profile])
        window.rootViewController = tabs
        let sheet = HTMLNavigationController(rootViewController: rate)
        let alert = HTMLAlertController(title: "Sure?")
        let all = [movies, heat, profile, rate, plain, navigation, tabs, sheet, alert]
        var onTop: [String?] = []
        func check() {
            let tree = window.updatedScreenTree()
            #expect(window.visibleScreenID == tree.visibleScreen?.id)
            onTop.append(tree.visibleScreen?.title)
            var visible = Set(tree.alert.map { [$0.id] } ?? [])
            var node = tree.layers.last?.root
            while let current = node {
                visible.insert(current.id)
                node = current.visibleChild
            }
            #expect(Set(all.filter(\.presentation.isVisible).map(\.id)) == visible)
        }
        check()

        // When a screen is pushed, a tab selected, a sheet with a stack presented, an alert over
        // it, the alert then the sheet dismissed, and the root replaced by a plain screen
        navigation.pushViewController(heat)
        check()
        tabs.selectedIndex = 1
        check()
        profile.present(sheet)
        check()
        sheet.present(alert)
        check()
        alert.dismiss()
        check()
        sheet.dismiss()
        check()
        window.rootViewController = plain
        check()

        // Then each time the window named the screen a capture shows on top (under the alert, the
        // one it covers), and exactly the capture's visible path (and the alert) was visible
        #expect(onTop == ["Movies", "Heat", "Profile", "Rate", "Rate", "Rate", "Profile", "Plain"])
    }

    @Test("the screen on top is the capture's under stacked alerts, with an alert alone in the window and with none")
    func alertsAndEmptyWindow() {
        // Given a stack of two screens in the window, and three alerts
        let window = HTMLWindow()
        let movies = screen("Movies")
        let heat = screen("Heat")
        let navigation = HTMLNavigationController(rootViewController: movies)
        window.rootViewController = navigation
        navigation.pushViewController(heat)
        let first = HTMLAlertController(title: "Sure?")
        let second = HTMLAlertController(title: "Really?")
        let alone = HTMLAlertController(title: "Alone")
        var onTop: [String?] = []
        func check() {
            let tree = window.updatedScreenTree()
            #expect(window.visibleScreenID == tree.visibleScreen?.id)
            onTop.append(tree.visibleScreen?.title)
        }

        // When an alert is presented over the top screen and a second over the first, both are
        // dismissed, the top screen popped, and the root replaced by an alert, then by nothing
        heat.present(first)
        check()
        first.present(second)
        check()
        second.dismiss()
        check()
        first.dismiss()
        check()
        navigation.popViewController()
        check()
        window.rootViewController = alone
        check()
        window.rootViewController = nil
        check()

        // Then under alerts the window named the screen they cover, and none when no screen was
        // left under them, as the capture did
        #expect(onTop == ["Heat", "Heat", "Heat", "Heat", "Movies", nil, nil])
    }
}
