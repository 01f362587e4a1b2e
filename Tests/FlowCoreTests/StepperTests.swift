import FlowCore
import FlowTesting
import Testing

@MainActor
@Suite("Steppers")
struct StepperTests {
    @Test("OneStepper emits its single step; NoneStepper and NoneStep emit nothing")
    func readyMadeSteppers() async {
        // Given a flow
        let flow = TestFlow()
        let coordinator = FlowCoordinator()

        // When coordinated with a OneStepper, and a NoneStep is sent as a deep link
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: TestStep.list))
        coordinator.navigate(to: NoneStep())
        await coordinator.waitUntilIdle()

        // Then exactly the single step was navigated
        #expect(flow.navigated == [.list])
        #expect(coordinator.log.count == 1)
    }

    @Test("CompositeStepper emits its steppers' initial steps in order, then what each sends")
    func compositeStepperMerges() async {
        // Given a composite of two steppers with initial steps
        let first = TestStepper(initialStep: TestStep.list)
        let second = TestStepper(initialStep: TestStep.detail(id: 1))
        let flow = TestFlow()
        let coordinator = FlowCoordinator()

        // When coordinated, and each inner stepper emits
        coordinator.coordinate(flow: flow, with: CompositeStepper(steppers: [first, second]))
        second.steps.send(TestStep.detail(id: 2))
        first.steps.send(TestStep.detail(id: 3))
        await coordinator.waitUntilIdle()

        // Then the initial steps come first, then the emitted ones in order; each inner stepper was readied once
        #expect(flow.navigated == [.list, .detail(id: 1), .detail(id: 2), .detail(id: 3)])
        #expect(first.readyCount == 1 && second.readyCount == 1)
    }

    @Test("a flow coordinated without a stepper is sent FlowCoreStep.home first, as in RxFlow")
    func defaultStepperSendsHome() async {
        // Given a flow that records every step
        let flow = RecordingFlow()
        let coordinator = FlowCoordinator()

        // When coordinated without a stepper
        coordinator.coordinate(flow: flow)
        await coordinator.waitUntilIdle()

        // Then its first step is home
        #expect(flow.steps.count == 1)
        #expect(flow.steps.first as? FlowCoreStep == .home)
    }
}

/// A flow that records every step it is asked to navigate, of any type.
private final class RecordingFlow: Flow {
    let root: any Presentable = TestPresentable()
    private(set) var steps: [any Step] = []

    func navigate(to step: any Step) -> FlowContributors {
        steps.append(step)
        return .none
    }
}
