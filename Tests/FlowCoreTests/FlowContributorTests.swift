import FlowCore
import FlowTesting
import Testing

@MainActor
@Suite("Forwarding and ending flows")
struct FlowContributorTests {
    @Test(".forwardToCurrentFlow navigates the step in the same flow")
    func forwardToCurrentFlow() async {
        // Given a flow that forwards .start to itself as .list
        let flow = TestFlow { step in
            step == .start ? .one(flowContributor: .forwardToCurrentFlow(withStep: TestStep.list)) : .none
        }
        let store = FlowTestStore(flow: flow)

        // When .start is sent
        let entries = await store.send(TestStep.start)

        // Then the same flow navigated .list, recorded as forwarded by it
        #expect(flow.navigated == [.start, .list])
        #expect(entries.last?.origin == .forwardedBy(flow: TestFlow.self))
    }

    @Test(".forwardToParentFlow navigates the step in the parent flow")
    func forwardToParentFlow() async {
        // Given a child flow that forwards .finish to its parent
        let child = TestFlow { step in
            step == .finish ? .one(flowContributor: .forwardToParentFlow(withStep: TestStep.childEnded)) : .none
        }
        let parent = TestFlow { step in
            step == .startChild
                ? .one(
                    flowContributor: .contribute(
                        withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.finish)))
                : .none
        }
        let store = FlowTestStore(flow: parent)

        // When the child starts and navigates .finish
        await store.send(TestStep.startChild)

        // Then the parent navigated .childEnded and the child keeps running
        #expect(child.navigated == [.finish])
        #expect(parent.navigated == [.startChild, .childEnded])
        #expect(store.coordinator.childCoordinators.count == 1)
    }

    @Test(".end removes the child coordinator, releases the child flow, and the parent navigates the step")
    func endReleasesChildFlow() async {
        // Given a child flow with a screen and stepper, which ends on .finish
        var weak = WeakReferences()
        let childStepper = TestStepper()
        let store: FlowTestStore<TestFlow>
        do {
            let screen = TestPresentable("child screen")
            let screenStepper = TestStepper()
            let child = TestFlow { step in
                switch step {
                case .childHome:
                    .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: screenStepper))
                case .finish: .end(forwardToParentFlowWithStep: TestStep.childEnded)
                default: .none
                }
            }
            weak.track(child, screen, screenStepper)
            let parent = TestFlow { step in
                step == .startChild
                    ? .one(flowContributor: .contribute(withNextPresentable: child, withNextStepper: childStepper))
                    : .none
            }
            store = FlowTestStore(flow: parent)
            await store.send(TestStep.startChild)
            parent.onNavigate = { _ in .none }
            childStepper.steps.send(TestStep.childHome)
            await store.settle()
            weak.track(store.coordinator.childCoordinators.first)
        }
        #expect(weak.aliveCount == 4)

        // When the child flow ends
        childStepper.steps.send(TestStep.finish)
        let entries = await store.settle()

        // Then the child coordinator is gone, everything it held is released, and the parent navigated .childEnded
        #expect(store.coordinator.childCoordinators.isEmpty)
        #expect(weak.aliveCount == 0)
        #expect(store.flow.navigated == [.startChild, .childEnded])
        #expect(entries.last?.origin == .endOf(flow: TestFlow.self))

        // And later steps of the ended child's stepper are logged as dropped: flow ended
        childStepper.steps.send(TestStep.childHome)
        #expect(store.log.last?.outcome.dropReason == .flowEnded)
    }

    @Test("forwarding from the root flow to a parent is dropped and logged")
    func rootHasNoParent() async {
        // Given a root flow that ends
        let flow = TestFlow { _ in .end(forwardToParentFlowWithStep: TestStep.childEnded) }
        let store = FlowTestStore(flow: flow)

        // When it navigates a step
        let entries = await store.send(TestStep.finish)

        // Then the forwarded step is dropped for lack of a parent and the coordinator has ended
        #expect(entries.last?.outcome.dropReason == .noParentFlow)
        #expect(store.coordinator.hasEnded)
    }
}
