import FlowCore
import FlowTesting
import Testing

@MainActor
@Suite("Flows.use")
struct FlowsTests {
    @Test(".created calls back at once with the roots, typed")
    func createdCallsAtOnce() {
        // Given two flows with their roots
        let first = TestFlow(root: TestPresentable("first"))
        let second = TestFlow(root: TestPresentable("second"))
        var roots: [String] = []

        // When used with .created
        Flows.use(first, second, when: .created) { (a: TestPresentable, b: TestPresentable) in
            roots = [a.name, b.name]
        }

        // Then the block already ran
        #expect(roots == ["first", "second"])
    }

    @Test(".ready calls back only once every flow's root received its first navigation")
    func readyWaitsForEveryFlow() async {
        // Given a parent that starts two child flows, the second only on a later step
        let first = TestFlow(root: TestPresentable("first"))
        let second = TestFlow(root: TestPresentable("second"))
        var calls = 0
        Flows.use(first, second, when: .ready) { (_: TestPresentable, _: TestPresentable) in calls += 1 }
        let parent = TestFlow { step in
            switch step {
            case .start:
                .one(
                    flowContributor: .contribute(
                        withNextPresentable: first, withNextStepper: OneStepper(withSingleStep: TestStep.list)))
            case .startChild:
                .one(
                    flowContributor: .contribute(
                        withNextPresentable: second, withNextStepper: OneStepper(withSingleStep: TestStep.list)))
            default: .none
            }
        }
        let store = FlowTestStore(flow: parent)

        // When only the first child has navigated
        await store.send(TestStep.start)

        // Then the block has not run
        #expect(calls == 0)

        // When the second child navigates too
        await store.send(TestStep.startChild)

        // Then it ran exactly once
        #expect(calls == 1)
    }

    @Test(".ready on flows that already navigated calls back at once")
    func readyAfterTheFact() async {
        // Given a flow that already navigated
        let flow = TestFlow()
        let store = FlowTestStore(flow: flow)
        await store.send(TestStep.list)
        var called = false

        // When used with .ready
        Flows.use(flow, when: .ready) { (_: TestPresentable) in called = true }

        // Then the block ran at once
        #expect(called)
    }
}
