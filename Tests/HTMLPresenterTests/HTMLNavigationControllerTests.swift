import FlowCore
import HTMLPresenter
import Testing

@MainActor
@Suite("HTMLNavigationController")
struct HTMLNavigationControllerTests {
    @Test("push shows the new screen with a back button labelled with the previous title")
    func pushShowsBackButton() {
        // Given a window with a navigation controller showing "Movies"
        let window = HTMLWindow()
        let movies = screen("Movies")
        let navigation = HTMLNavigationController(rootViewController: movies)
        window.rootViewController = navigation

        // When a detail screen is pushed
        let detail = screen("Heat")
        navigation.pushViewController(detail, animated: true)
        let tree = window.updatedScreenTree()

        // Then the detail is the visible screen, the bar says Heat with a back button "Movies", and only it is visible
        #expect(tree.visibleScreen?.title == "Heat")
        #expect(tree.layers.last?.bar(NavigationBar.self)?.title == "Heat")
        #expect(tree.layers.last?.bar(NavigationBar.self)?.backButton?.title == "Movies")
        #expect(detail.presentation.isVisible && !movies.presentation.isVisible)
    }

    @Test("the back button pops, and the popped screen is reported dismissed")
    func backButtonPops() async throws {
        // Given a stack Movies > Heat
        let window = HTMLWindow()
        let movies = screen("Movies")
        let detail = screen("Heat")
        let navigation = HTMLNavigationController(rootViewController: movies)
        window.rootViewController = navigation
        navigation.pushViewController(detail)

        // When the back button's action is performed
        let back = try #require(window.updatedScreenTree().action("back to Movies"))
        _ = try await window.perform(back.token)

        // Then Movies is on screen again, visible, and Heat is dismissed
        #expect(window.updatedScreenTree().visibleScreen?.title == "Movies")
        #expect(movies.presentation.isVisible)
        #expect(detail.presentation.isDismissed)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test("popToRoot, popTo and setViewControllers dismiss exactly the screens they remove")
    func popOperations() {
        // Given a stack A > B > C > D
        let window = HTMLWindow()
        let screens = ["A", "B", "C", "D"].map { screen($0) }
        let navigation = HTMLNavigationController()
        window.rootViewController = navigation
        navigation.setViewControllers(screens)

        // When popping to B
        let popped = navigation.popToViewController(screens[1])

        // Then C and D are dismissed, B is visible
        #expect(popped?.map(\.title) == ["C", "D"])
        #expect(screens.map(\.presentation.isDismissed) == [false, false, true, true])
        #expect(screens[1].presentation.isVisible)

        // When popping to the root, then replacing the stack with A and a new E
        navigation.popToRootViewController()
        let e = screen("E")
        navigation.setViewControllers([screens[0], e])

        // Then B is dismissed, A stays (hidden under E), E is visible
        #expect(screens[1].presentation.isDismissed)
        #expect(!screens[0].presentation.isDismissed && !screens[0].presentation.isVisible)
        #expect(e.presentation.isVisible)
        #expect(navigation.popViewController()?.title == "E")
        #expect(navigation.popViewController() == nil)
    }

    @Test("large titles follow prefersLargeTitles unless the screen says otherwise")
    func largeTitles() {
        let window = HTMLWindow()
        let list = screen("Movies")
        let navigation = HTMLNavigationController(rootViewController: list)
        navigation.prefersLargeTitles = true
        window.rootViewController = navigation
        #expect(window.updatedScreenTree().layers.last?.bar(NavigationBar.self)?.largeTitle == true)

        let detail = screen("Heat")
        detail.navigationItem.largeTitleDisplayMode = .never
        navigation.pushViewController(detail)
        #expect(window.updatedScreenTree().layers.last?.bar(NavigationBar.self)?.largeTitle == false)
    }
}
