import FlowCore
import FlowTesting
import Testing

/// A child flow with two screens and their steppers, which ends on `.finish`.
private final class ChildFlow: Flow {
    let root: any Presentable = TestPresentable("child root")
    private var screens: [TestPresentable] = []

    func navigate(to step: any Step) -> FlowContributors {
        switch step as? TestStep {
        case .childHome:
            let first = TestPresentable("first")
            let second = TestPresentable("second")
            screens = [first, second]
            return .multiple(
                .contribute(withNextPresentable: first, withNextStepper: TestStepper()),
                .contribute(
                    withNextPresentable: second, withNextStepper: TestStepper(), allowStepWhenNotPresented: true))
        case .finish:
            return .end(forwardToParentFlowWithStep: TestStep.childEnded)
        default:
            return .none
        }
    }

    func dismiss() {
        for screen in screens { screen.presentation.markDismissed() }
        root.presentation.markDismissed()
    }
}

@MainActor
@Suite("Leaks")
struct LeakTests {
    @Test("1,000 child flows started and ended leave no flow, stepper, presentable or coordinator alive")
    func endingReleasesEverything() async {
        // Given a parent flow that starts a child flow on .startChild
        var weak = WeakReferences()
        let parent = TestFlow()
        let store = FlowTestStore(flow: parent)
        for _ in 0..<1000 {
            let childStepper = TestStepper(initialStep: TestStep.childHome)
            do {
                let child = ChildFlow()
                weak.track(child, childStepper)
                parent.onNavigate = { step in
                    step == .startChild
                        ? .one(flowContributor: .contribute(withNextPresentable: child, withNextStepper: childStepper))
                        : .none
                }
            }
            // When it starts and then ends
            await store.send(TestStep.startChild)
            weak.track(store.coordinator.childCoordinators.first)
            parent.onNavigate = { _ in .none }
            childStepper.steps.send(TestStep.finish)
            await store.settle()
        }

        // Then nothing of the 1,000 children is alive
        #expect(weak.trackedCount == 3000)
        #expect(weak.aliveCount == 0)
        #expect(store.coordinator.childCoordinators.isEmpty)
    }

    @Test("1,000 child flows whose root is dismissed without .end leave nothing alive")
    func dismissalReleasesEverything() async {
        var weak = WeakReferences()
        let parent = TestFlow()
        let store = FlowTestStore(flow: parent)
        for _ in 0..<1000 {
            // Given a running child flow
            do {
                let child = ChildFlow()
                let childStepper = TestStepper(initialStep: TestStep.childHome)
                weak.track(child, childStepper)
                parent.onNavigate = { step in
                    step == .startChild
                        ? .one(flowContributor: .contribute(withNextPresentable: child, withNextStepper: childStepper))
                        : .none
                }
                await store.send(TestStep.startChild)
                weak.track(store.coordinator.childCoordinators.first)
                parent.onNavigate = { _ in .none }

                // When its screens and root are dismissed (a modal swiped away)
                child.dismiss()
            }
            await store.settle()
        }

        // Then nothing of the 1,000 children is alive
        #expect(weak.trackedCount == 3000)
        #expect(weak.aliveCount == 0)
        #expect(store.coordinator.childCoordinators.isEmpty)
    }
}
