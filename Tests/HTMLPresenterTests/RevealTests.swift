import FlowCore
import HTMLPresenter
import Testing

@MainActor
@Suite("Reveal (the browser's Back)")
struct RevealTests {
    @Test("revealing a held screen dismisses the modals above it, pops its stack and selects its tab")
    func revealsHeldScreen() {
        // Given tabs [Movies > Heat, Profile] on Profile, with a sheet presented from Profile
        let window = HTMLWindow()
        let movies = screen("Movies")
        let heat = screen("Heat")
        let navigation = HTMLNavigationController(rootViewController: movies)
        navigation.pushViewController(heat)
        let profile = screen("Profile")
        let tabs = HTMLTabBarController()
        tabs.setViewControllers([navigation, profile])
        tabs.selectedIndex = 1
        window.rootViewController = tabs
        let sheet = screen("Rate")
        profile.present(sheet)

        // When Movies is revealed
        #expect(window.reveal(movies.id))

        // Then the sheet is dismissed, the Movies tab selected and Heat popped
        let tree = window.updatedScreenTree()
        #expect(tree.visibleScreen?.id == movies.id)
        #expect(tree.layers.count == 1)
        #expect(sheet.presentation.isDismissed && heat.presentation.isDismissed)
        #expect(movies.presentation.isVisible && !profile.presentation.isVisible)
    }

    @Test("a screen the window no longer holds is not revealed and nothing changes")
    func refusesReleasedScreen() {
        // Given a stack Movies > Heat, then Heat popped
        let window = HTMLWindow()
        let movies = screen("Movies")
        let heat = screen("Heat")
        let navigation = HTMLNavigationController(rootViewController: movies)
        window.rootViewController = navigation
        navigation.pushViewController(heat)
        _ = navigation.popViewController()
        let before = window.updatedScreenTree()

        // When Heat is revealed, then nothing happens
        #expect(!window.reveal(heat.id))
        #expect(window.version == before.version)
        #expect(window.updatedScreenTree() == before)
    }

    @Test("every change after a capture is announced with a new version and makes the page's tokens stale")
    func changeAfterCaptureRetiresTokens() async throws {
        // Given a captured page with an action, and a listener
        let window = HTMLWindow()
        let movies = screen("Movies") { actions in ["open": actions.run {}] }
        let navigation = HTMLNavigationController(rootViewController: movies)
        window.rootViewController = navigation
        guard case .action(let action) = window.updatedScreenTree().visibleScreen?.values?["open"],
            let token = action.token
        else {
            Issue.record("no action")
            return
        }
        let captured = window.version
        var announced: [Int] = []
        window.onChange = { announced.append($0) }

        // When the flow pushes twice on its own
        navigation.pushViewController(screen("Heat"))
        navigation.pushViewController(screen("Cast"))

        // Then each push was announced with a newer version, the old page's action is stale, and
        // the next capture shows the last version
        #expect(announced.count == 2 && announced[0] > captured && announced[1] > announced[0])
        await #expect(throws: ActionError.stale) { try await window.perform(token) }
        #expect(window.updatedScreenTree().version == window.version)
        #expect(window.updatedScreenTree().visibleScreen?.title == "Cast")
    }
}
