import FlowCore
import FlowTesting
import Testing

@MainActor
@Suite("Coordinator snapshot and live log")
struct CoordinatorSnapshotTests {
    @Test("a snapshot lists each stepper with its presentable, visible or hidden, and kept dismissed ones")
    func snapshotStates() async {
        // Given a stack of detail 1 under detail 2, where detail 3 keeps its stepper once dismissed
        let flow = StackFlow()
        flow.allowStepWhenDismissed = { $0 == 3 }
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.detail(id: 1)))
        await coordinator.waitUntilIdle()
        coordinator.navigate(to: TestStep.detail(id: 2))
        coordinator.navigate(to: TestStep.detail(id: 3))
        await coordinator.waitUntilIdle()
        flow.pop()

        // When it is taken, naming presentables by their test name
        let snapshot = coordinator.snapshot { ($0 as? TestPresentable)?.name ?? "?" }

        // Then it has the flow and each stepper in order: hidden, visible, dismissed
        #expect(snapshot.flow == "StackFlow")
        #expect(snapshot.listeners.map(\.stepper) == ["OneStepper", "TestStepper", "TestStepper", "TestStepper"])
        #expect(snapshot.listeners.map(\.presentable) == [nil, "detail 1", "detail 2", "detail 3"])
        #expect(snapshot.listeners.map(\.state) == [nil, .hidden, .visible, .dismissed])
        #expect(snapshot.children.isEmpty)
    }

    @Test("onLogEntry is told of every entry as it is recorded, dropped ones included")
    func liveLog() async {
        // Given a coordinator whose log is watched
        let screen = TestPresentable("hidden", isVisible: false)
        let stepper = TestStepper()
        let flow = TestFlow { _ in
            .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: stepper))
        }
        let coordinator = FlowCoordinator()
        var told: [Int] = []
        coordinator.onLogEntry = { told.append($0.sequence) }

        // When a step is navigated and a hidden screen's step is dropped
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.list))
        await coordinator.waitUntilIdle()
        stepper.steps.send(TestStep.detail(id: 1))

        // Then the watcher heard both, in order, as the log holds them
        #expect(told == [1, 2])
        #expect(coordinator.log.map(\.sequence) == told)
        #expect(coordinator.log.last?.outcome.dropReason == .notVisible)
    }
}
