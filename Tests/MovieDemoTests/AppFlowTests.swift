import FlowCore
import FlowTesting
import HTMLPresenter
import Testing

@testable import MovieDemo

@MainActor
@Suite("AppFlow and LoginFlow")
struct AppFlowTests {
    @Test("login refuses an empty or invalid email and a wrong password, keeping what was typed")
    func loginErrors() async throws {
        let demo = await DemoDriver()
        #expect(demo.title == "Sign In")
        #expect(
            try await demo.perform("form", fields: ["email": ""]) == .invalid(["email": "Enter your email address."]))
        #expect(
            try await demo.perform("form", fields: ["email": "ada@example", "password": "x"])
                == .invalid(["email": "“ada@example” is not an email address."]))
        let wrong = try await demo.perform("form", fields: ["email": "ada@example.com", "password": "nope"])
        #expect(wrong == .invalid(["password": "Wrong email or password. Try the demo account below."]))
        #expect(try demo.page().contains(#"value="ada@example.com""#))
        #expect(demo.title == "Sign In")
    }

    @Test("signing in ends the login flow; AppFlow puts the tab bar in the window once its tabs are ready")
    func signInShowsTabs() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        let tabBar = try #require(demo.window.rootViewController as? HTMLTabBarController)
        #expect(tabBar.viewControllers.map { $0.tabBarItem?.title } == ["Movies", "Watched", "Stack", "Profile"])
        #expect(demo.title == "Movies")
        #expect(demo.appFlow.account?.email == "ada@example.com")
    }

    @Test("a deep link that arrives signed out waits through login and opens right after")
    func deferredDeepLink() async throws {
        let demo = await DemoDriver()
        try await demo.open("movies/1")
        #expect(demo.title == "Sign In")
        #expect(demo.appFlow.pendingLink == .movie(id: 1))

        try await demo.signIn()
        #expect(demo.title == "Heat")
        #expect(demo.tree.layers.first?.bar(NavigationBar.self)?.backButton?.title == "Movies")
    }

    @Test("a stack link that waited through login opens the Stack tab at that letter")
    func deferredStackLink() async throws {
        let demo = await DemoDriver()
        try await demo.open("stack/C")
        try await demo.signIn()
        #expect(demo.title == "Screen C")
        #expect((demo.window.rootViewController as? HTMLTabBarController)?.selectedIndex == 2)
    }

    @Test("a link to a restricted title that waited through login shows the Restricted alert over the tabs")
    func deferredRestrictedLink() async throws {
        let demo = await DemoDriver()
        try await demo.open("movies/4")
        try await demo.signIn()
        #expect(demo.tree.alert?.title == "Restricted")
        #expect(demo.title == "Movies")
    }

    @Test("a stack link signed in selects the Stack tab at that letter")
    func stackLink() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.open("stack/C")
        #expect(demo.title == "Screen C")
        #expect(demo.tree.layers.first?.bar(NavigationBar.self)?.backButton?.title == "Screen B")
    }

    @Test("log out asks first, then ends the dashboard, shows login and releases the signed-in tree")
    func logOut() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        weak let tabBar = demo.window.rootViewController
        try await demo.perform("tab Profile")
        try await demo.perform("step logout")
        #expect(demo.tree.alert?.title == "Log out?")
        try await demo.perform("alert Log Out")
        #expect(demo.title == "Sign In")
        #expect(demo.appFlow.account == nil)
        #expect(tabBar == nil)
    }
}
