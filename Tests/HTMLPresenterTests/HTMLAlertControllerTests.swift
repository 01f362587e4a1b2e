import FlowCore
import HTMLPresenter
import Testing

@MainActor
@Suite("HTMLAlertController")
struct HTMLAlertControllerTests {
    @Test("an alert's action emits its step and dismisses the alert; the screen under it stays visible")
    func alertActionEmitsStep() async throws {
        // Given a flow that presents a log-out alert over the profile screen and contributes it
        let window = HTMLWindow()
        let profile = screen("Profile")
        window.rootViewController = profile
        let alert = HTMLAlertController(title: "Log out?", message: "You can sign in again.")
        alert.addAction(HTMLAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(HTMLAlertAction(title: "Log Out", style: .destructive, step: ScreenStep.logout))
        let flow = RecordingFlow(rootScreen: profile)
        flow.onOpen = { _ in
            profile.present(alert)
            return .one(flowContributor: .contribute(withNext: alert))
        }
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: ScreenStep.open(0)))
        await coordinator.waitUntilIdle()

        // Then the tree shows the alert with its buttons, and the screen under it is still visible
        let tree = window.updatedScreenTree()
        #expect(tree.alert?.title == "Log out?")
        #expect(tree.alert?.actions.map(\.title) == ["Cancel", "Log Out"])
        #expect(tree.alert?.actions.map(\.isDestructive) == [false, true])
        #expect(profile.presentation.isVisible && alert.presentation.isVisible)
        #expect(tree.layers.map(\.isInteractive) == [false])

        // When "Log Out" is chosen
        _ = try await window.perform(try #require(tree.action("alert Log Out")).token)
        await coordinator.waitUntilIdle()

        // Then the step reached the flow and the alert is gone
        #expect(flow.recorded == [.logout])
        #expect(alert.presentation.isDismissed)
        #expect(window.updatedScreenTree().alert == nil)
    }
}
