import FlowCore
import HTMLPresenter
import Testing

@MainActor
@Suite("Visibility reported to FlowCore")
struct VisibilityGatingTests {
    @Test("a stepper on a screen under a pushed screen is gated; after the pop it is not")
    func pushedScreenGatesTheOneUnder() async {
        // Given a list screen whose view model is a stepper, contributed by a flow
        let window = HTMLWindow()
        let listModel = ScreenModel()
        let list = HTMLViewController(template: "list", viewModel: listModel, title: "Movies")
        let navigation = HTMLNavigationController(rootViewController: list)
        window.rootViewController = navigation
        let flow = RecordingFlow(rootScreen: navigation)
        flow.onOpen = { _ in .one(flowContributor: .contribute(withNextPresentable: list, withNextStepper: listModel)) }
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: ScreenStep.open(0)))
        await coordinator.waitUntilIdle()

        // When a detail is pushed over it and the list's stepper emits
        navigation.pushViewController(screen("Heat"))
        listModel.steps.send(ScreenStep.done)
        await coordinator.waitUntilIdle()

        // Then the step is dropped as not visible
        #expect(flow.recorded.isEmpty)
        #expect(coordinator.log.last?.outcome.dropReason == .notVisible)

        // When the detail is popped and the list emits again
        navigation.popViewController()
        listModel.steps.send(ScreenStep.done)
        await coordinator.waitUntilIdle()

        // Then it goes through
        #expect(flow.recorded == [.done])
    }

    @Test("replacing the window's root dismisses and releases the old tree")
    func replacingRootReleasesOldTree() {
        // Given a window with a tab bar of two stacks and a sheet
        var weak: [() -> AnyObject?] = []
        let window = HTMLWindow()
        do {
            let first = HTMLNavigationController(rootViewController: screen("A"))
            first.pushViewController(screen("B"))
            let tabs = HTMLTabBarController()
            tabs.setViewControllers([first, HTMLNavigationController(rootViewController: screen("C"))])
            window.rootViewController = tabs
            let sheet = screen("Sheet")
            first.topViewController?.present(sheet)
            _ = window.updatedScreenTree()
            for object in [tabs, first, first.viewControllers[0], first.viewControllers[1], sheet] as [AnyObject] {
                weak.append { [weak object] in object }
            }
            #expect(weak.allSatisfy { $0() != nil })

            // When the root is replaced
            window.rootViewController = screen("Login")
            #expect(tabs.presentation.isDismissed && sheet.presentation.isDismissed)
        }
        _ = window.updatedScreenTree()

        // Then nothing of the old tree is alive
        #expect(weak.allSatisfy { $0() == nil })
        #expect(window.updatedScreenTree().layers.count == 1)
    }
}
