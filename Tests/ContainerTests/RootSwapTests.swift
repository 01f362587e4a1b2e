import FlowCrawl
import HTMLPresenter
import Testing

/// Issue 43: a sign-up form on a pushed screen that swaps the window's root for a tab bar is drawn
/// as `replace` (a container's content swapped), not as Back because the stack it left was deeper.
@MainActor
@Suite("A window's root swapped from a pushed screen")
struct RootSwapTests {
    @Test("the storyboard draws the sign-up as replace, and the other segues as what they are")
    func signUpReplaces() async throws {
        let app = try webApp(SignUpFlow.self, first: SignUpStep.welcome)
        let storyboard = try await Crawler(app: app).crawl().map.storyboard
        func kinds(_ from: String, _ to: String) -> [Segue.Kind] {
            storyboard.segues.filter {
                $0.from.flatMap(storyboard.screen)?.template == "signup/\(from)"
                    && storyboard.screen($0.to)?.template == "signup/\(to)"
            }.map(\.kind)
        }
        #expect(kinds("form", "home") == [.replace])
        #expect(kinds("welcome", "form") == [.push])
        #expect(kinds("form", "welcome") == [.back])
        #expect(kinds("form", "form") == [.update], "an empty name refused")
        #expect(kinds("settings", "welcome") == [.replace])
        #expect(kinds("home", "settings") == [.tab])
        #expect(storyboard.screen("signup/home in tab Home › navigation")?.flow == "Home")
    }
}
