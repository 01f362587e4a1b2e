import FlowCore
import FlowTesting
import Testing

@MainActor
@Suite("Navigation log")
struct NavigationLogTests {
    @Test("each step is logged with who emitted it, what adapt made of it, the flow and its contributions")
    func navigatedStepIsDescribed() async {
        // Given a flow that rewrites .restricted and contributes a screen for .detail
        let screen = TestPresentable("detail")
        let flow = TestFlow(
            onNavigate: { _ in
                .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: NoneStepper()))
            },
            onAdapt: { $0 == .restricted ? TestStep.detail(id: 9) : $0 })
        let store = FlowTestStore(flow: flow)

        // When .restricted is sent
        let entries = await store.send(TestStep.restricted)

        // Then the entry holds the plain facts and reads as one line
        let entry = try! #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry.step as? TestStep == .restricted)
        #expect(entry.origin == .stepper(TestStepper.self))
        #expect(entry.flow == TestFlow.self)
        #expect(entry.outcome.adaptedStep as? TestStep == .detail(id: 9))
        #expect(
            entry.description
                == "#1 restricted from stepper TestStepper to TestFlow: navigated as detail(id: 9); "
                + "contributed screen TestPresentable (stepper NoneStepper)")
    }

    @Test("a step adapt lets through is logged as itself, one it replaces as the other; contributions read back")
    func adaptedStepsAndContributionsReadBack() async {
        // Given a flow that adapts .restricted into a step that is not Equatable, lets every other
        // step through, and contributes a screen, a step to itself and one to its parent for .list
        let screen = TestPresentable("list")
        let flow = TestFlow(
            onNavigate: { step in
                step == .list
                    ? .multiple(
                        .contribute(withNextPresentable: screen, withNextStepper: NoneStepper()),
                        .forwardToCurrentFlow(withStep: TestStep.detail(id: 4)),
                        .forwardToParentFlow(withStep: TestStep.finish))
                    : .none
            },
            onAdapt: { $0 == .restricted ? OpaqueStep(name: "opened") as any Step : $0 })
        let store = FlowTestStore(flow: flow)

        // When .list and .restricted are sent
        let entries = await store.send(TestStep.list) + store.send(TestStep.restricted)

        // Then .list reads back navigated as .list with its three contributions, in order
        let list = try! #require(entries.first)
        #expect(list.outcome.adaptedStep as? TestStep == .list)
        #expect(
            list.outcome.contributions.map(\.description) == [
                "screen TestPresentable (stepper NoneStepper)", "forwardToCurrentFlow(detail(id: 4))",
                "forwardToParentFlow(finish)",
            ])
        // And .restricted reads back navigated as the step adapt made of it, without contributions
        let restricted = try! #require(entries.last { $0.step as? TestStep == .restricted })
        #expect((restricted.outcome.adaptedStep as? OpaqueStep)?.name == "opened")
        #expect(restricted.outcome.contributions.isEmpty)
        #expect(restricted.outcome.dropReason == nil)
    }

    @Test("a dropped step is logged with its reason")
    func droppedStepIsDescribed() async {
        // Given a hidden screen with a stepper
        let screen = TestPresentable("hidden", isVisible: false)
        let stepper = TestStepper()
        let flow = TestFlow { _ in
            .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: stepper))
        }
        let store = FlowTestStore(flow: flow)
        await store.send(TestStep.list)

        // When its stepper emits
        stepper.steps.send(TestStep.detail(id: 1))

        // Then the log says it was dropped because the screen was not visible
        #expect(
            store.log.last?.description == "#2 detail(id: 1) from stepper TestStepper to TestFlow: dropped: not visible"
        )
    }

    @Test("the log keeps the newest entries up to its capacity, numbered on")
    func logIsBounded() async {
        // Given a coordinator keeping 10 entries
        let flow = TestFlow()
        let stepper = TestStepper()
        let coordinator = FlowCoordinator(logCapacity: 10)
        coordinator.coordinate(flow: flow, with: stepper)

        // When 25 steps are navigated
        for id in 1...25 { stepper.steps.send(TestStep.detail(id: id)) }
        await coordinator.waitUntilIdle()

        // Then the last 10 are kept, numbered 16 to 25, and log(after:) reads from a position
        #expect(coordinator.log.map(\.sequence) == Array(16...25))
        #expect(coordinator.log(after: 23).map(\.sequence) == [24, 25])
        #expect(flow.navigated.count == 25)
    }

    @Test("once the log is full, each kept entry is the step numbered so, read back in full")
    func wrappedLogReadsBack() async {
        // Given a coordinator keeping 4 entries, whose flow contributes nothing for .detail
        let flow = TestFlow()
        let stepper = TestStepper()
        let coordinator = FlowCoordinator(logCapacity: 4)
        coordinator.coordinate(flow: flow, with: stepper)

        // When 11 steps are navigated, .detail(id: n) as the n-th, so the oldest were overwritten
        for id in 1...11 { stepper.steps.send(TestStep.detail(id: id)) }
        await coordinator.waitUntilIdle()

        // Then entries #8 to #11 hold .detail(id: 8) to .detail(id: 11), from the stepper, each
        // navigated as itself with nothing contributed
        let log = coordinator.log
        #expect(log.map(\.sequence) == Array(8...11))
        #expect(log.map { $0.step as? TestStep } == (8...11).map { TestStep.detail(id: $0) })
        #expect(log.allSatisfy { $0.origin == .stepper(TestStepper.self) && $0.flow == TestFlow.self })
        #expect(log.allSatisfy { $0.outcome.adaptedStep as? TestStep == $0.step as? TestStep })
        #expect(log.allSatisfy { $0.outcome.contributions.isEmpty && $0.outcome.dropReason == nil })
        #expect(
            log.last?.description
                == "#11 detail(id: 11) from stepper TestStepper to TestFlow: navigated as detail(id: 11)")
    }

    @Test("lowering the log's capacity keeps the newest entries, and the log stays that small")
    func logCapacityLowered() async {
        // Given a coordinator that navigated 30 steps, all kept
        let flow = TestFlow()
        let stepper = TestStepper()
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: stepper)
        for id in 1...30 { stepper.steps.send(TestStep.detail(id: id)) }
        await coordinator.waitUntilIdle()
        #expect(coordinator.log.count == 30)

        // When its capacity is lowered to 5, then 12 more steps are navigated
        coordinator.logCapacity = 5
        let lowered = coordinator.log.map(\.sequence)
        for id in 31...42 { stepper.steps.send(TestStep.detail(id: id)) }
        await coordinator.waitUntilIdle()

        // Then the 5 newest were kept at once, and afterwards again only the 5 newest, in order
        #expect(lowered == Array(26...30))
        #expect(coordinator.log.map(\.sequence) == Array(38...42))
        #expect(coordinator.log(after: 40).map(\.sequence) == [41, 42])
    }
}

/// A step that is not `Equatable`: the log cannot tell it from another and keeps it as it is.
private struct OpaqueStep: Step {
    let name: String
}
