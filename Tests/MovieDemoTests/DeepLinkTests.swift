import FlowCore
import HTMLPresenter
import Testing

@testable import MovieDemo

@MainActor
@Suite("Deep links")
struct DeepLinkTests {
    /// Where a link landed: the selected tab, its stack, what is presented over it.
    struct Landing: Equatable, CustomStringConvertible {
        var tab: String?
        var stack: [String]
        var presented: String?

        var description: String { "\(tab ?? "no tab"): \(stack.joined(separator: " > ")) + \(presented ?? "nothing")" }
    }

    /// What a person may have on screen, signed in, when a link arrives.
    static let startingPoints: [(name: String, actions: [String])] = [
        ("the movie list", []),
        ("The Godfather", ["step detail(id: 2)"]),
        ("Heat > Al Pacino", ["step detail(id: 1)", "step person(id: 101)"]),
        ("Heat's rating sheet", ["step detail(id: 1)", "step rate(id: 1)"]),
        ("the Add to Watched alert", ["step detail(id: 1)", "step addToWatched(id: 1)"]),
        ("the Stack tab at E", ["tab Stack", #"step jump(to: "E")"#]),
        ("Profile's Log out alert", ["tab Profile", "step logout"]),
    ]

    @Test(
        "a link lands on the same stack signed out and signed in, whatever was on screen",
        arguments: [
            ("movies/2", Landing(tab: "Movies", stack: ["Movies", "The Godfather"], presented: nil)),
            ("movies/4", Landing(tab: "Movies", stack: ["Movies"], presented: "Restricted")),
            ("stack/C", Landing(tab: "Stack", stack: ["Screen A", "Screen B", "Screen C"], presented: nil)),
        ])
    func sameLanding(path: String, expected: Landing) async throws {
        let signedOut = await DemoDriver()
        try await signedOut.open(path)
        #expect(signedOut.title == "Sign In", "signed out, the link waits through login")
        try await signedOut.signIn()
        #expect(landing(of: signedOut) == expected, "signed out, then signed in")

        for start in Self.startingPoints {
            let demo = await DemoDriver()
            try await demo.signIn()
            for action in start.actions { try await demo.perform(action) }
            try await demo.open(path)
            #expect(landing(of: demo) == expected, "signed in, from \(start.name)")
        }
    }

    @Test("opening The Godfather, then its link: one Godfather, whose back button says Movies")
    func linkToTheMovieOnScreen() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("step detail(id: 2)")
        try await demo.open("movies/2")
        #expect(demo.title == "The Godfather")
        #expect(demo.tree.layers.first?.bar(NavigationBar.self)?.backButton?.title == "Movies")
        #expect(demo.tree.layers.count == 1)
    }

    @Test("a restricted title opens from a link once Profile allows it")
    func restrictedAllowed() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("tab Profile")
        try await demo.perform("run")
        try await demo.open("movies/4")
        #expect(landing(of: demo) == Landing(tab: "Movies", stack: ["Movies", "Taxi Driver"], presented: nil))
    }

    @Test(
        "the link table: unknown movies and letters are no links",
        arguments: ["movies/999", "movies/x", "stack/F", "nowhere"])
    func unknownLinks(path: String) {
        #expect(DeepLinkStep.routes.step(for: path) == nil)
    }

    @Test("a letter is read in either case")
    func lowercaseLetter() {
        #expect(DeepLinkStep.routes.step(for: "stack/c") as? DeepLinkStep == .stack(letter: "C"))
    }

    private func landing(of demo: DemoDriver) -> Landing {
        guard let tabBar = demo.window.rootViewController as? HTMLTabBarController else {
            return Landing(tab: nil, stack: [demo.title ?? ""], presented: nil)
        }
        let selected = tabBar.selectedViewController as? HTMLNavigationController
        return Landing(
            tab: selected?.tabBarItem?.title, stack: selected?.viewControllers.map(\.title) ?? [],
            presented: tabBar.presentedViewController?.title)
    }
}
