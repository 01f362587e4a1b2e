import FlowCore
import HTMLPresenter
import Testing

@MainActor
@Suite("HTMLTabBarController")
struct HTMLTabBarControllerTests {
    @Test("each tab keeps its own stack when you switch away and back")
    func tabsKeepTheirStacks() async throws {
        // Given two tabs, Movies with a pushed detail, and Profile
        let window = HTMLWindow()
        let movies = HTMLNavigationController(rootViewController: screen("Movies"))
        movies.tabBarItem = TabBarItem(title: "Movies", icon: "film")
        let profile = HTMLNavigationController(rootViewController: screen("Profile"))
        profile.tabBarItem = TabBarItem(title: "Profile", icon: "person")
        let tabBar = HTMLTabBarController()
        tabBar.setViewControllers([movies, profile])
        window.rootViewController = tabBar
        let detail = screen("Heat")
        movies.pushViewController(detail)

        // When the user selects Profile through the tab bar
        let tree = window.updatedScreenTree()
        #expect(tree.layers.last?.bar(TabBar.self)?.items.map(\.title) == ["Movies", "Profile"])
        #expect(tree.layers.last?.bar(TabBar.self)?.items.map(\.isSelected) == [true, false])
        _ = try await window.perform(try #require(tree.action("tab Profile")).token)

        // Then Profile shows, the detail is hidden but not dismissed
        #expect(window.updatedScreenTree().visibleScreen?.title == "Profile")
        #expect(!detail.presentation.isVisible && !detail.presentation.isDismissed)

        // When Movies is selected again
        _ = try await window.perform(try #require(window.updatedScreenTree().action("tab Movies")).token)

        // Then the detail is back on top of its stack, with its back button
        let back = window.updatedScreenTree()
        #expect(back.visibleScreen?.title == "Heat")
        #expect(back.layers.last?.bar(NavigationBar.self)?.backButton?.title == "Movies")
        #expect(detail.presentation.isVisible)
    }
}
