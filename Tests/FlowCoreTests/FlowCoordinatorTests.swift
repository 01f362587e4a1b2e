import FlowCore
import FlowTesting
import Testing

@MainActor
@Suite("FlowCoordinator")
struct FlowCoordinatorTests {
    @Test("coordinate adapts then navigates the initial step, and each contributed stepper's initial step")
    func coordinateNavigatesInitialSteps() async {
        // Given a flow that contributes a screen whose stepper starts with .detail(1)
        let screenStepper = TestStepper(initialStep: TestStep.detail(id: 1))
        let screen = TestPresentable("list")
        let flow = TestFlow { step in
            step == .list
                ? .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: screenStepper))
                : .none
        }
        let rootStepper = TestStepper(initialStep: TestStep.list)
        let coordinator = FlowCoordinator()

        // When it is coordinated
        coordinator.coordinate(flow: flow, with: rootStepper)
        await coordinator.waitUntilIdle()

        // Then both initial steps were adapted and navigated, in order, and each stepper was told once
        #expect(flow.adapted == [.list, .detail(id: 1)])
        #expect(flow.navigated == [.list, .detail(id: 1)])
        #expect(rootStepper.readyCount == 1)
        #expect(screenStepper.readyCount == 1)
        #expect(
            coordinator.log.map(\.origin) == [.initialStep(of: TestStepper.self), .initialStep(of: TestStepper.self)])
    }

    @Test("a step from a hidden presentable's stepper is dropped; allowStepWhenNotPresented lets it through")
    func hiddenPresentableGatesSteps() async {
        // Given two hidden screens, one contributed with allowStepWhenNotPresented
        let gated = TestPresentable("gated", isVisible: false)
        let allowed = TestPresentable("allowed", isVisible: false)
        let gatedStepper = TestStepper()
        let allowedStepper = TestStepper()
        let flow = TestFlow { step in
            guard step == .list else { return .none }
            return .multiple(
                .contribute(withNextPresentable: gated, withNextStepper: gatedStepper),
                .contribute(
                    withNextPresentable: allowed, withNextStepper: allowedStepper, allowStepWhenNotPresented: true))
        }
        let store = FlowTestStore(flow: flow, initialStep: TestStep.list)
        await store.settle()

        // When both emit while hidden
        let whileHidden =
            await store.emit(TestStep.detail(id: 1), from: gatedStepper)
            + store.emit(TestStep.detail(id: 2), from: allowedStepper)

        // Then only the allowed one is navigated, and the log says why the other was dropped
        #expect(flow.navigated == [.list, .detail(id: 2)])
        #expect(whileHidden.map(\.outcome.dropReason) == [.notVisible, nil])

        // When the gated screen becomes visible again and emits
        gated.presentation.isVisible = true
        gatedStepper.steps.send(TestStep.detail(id: 3))
        await store.settle()

        // Then its step goes through
        #expect(flow.navigated == [.list, .detail(id: 2), .detail(id: 3)])
    }

    @Test("dismissing a presentable releases its stepper")
    func dismissalReleasesStepper() async {
        // Given a screen pushed with its stepper, which only the coordinator holds
        var weak = WeakReferences()
        let flow = StackFlow()
        flow.onNewStepper = { weak.track($0) }
        let store = FlowTestStore(flow: flow)
        await store.send(TestStep.detail(id: 1))
        #expect(weak.aliveCount == 1)

        // When the screen is popped
        flow.pop()

        // Then the stepper is gone
        #expect(weak.aliveCount == 0)
    }

    @Test("a stepper whose screen was dismissed and that is contributed again is listened to once")
    func stepperContributedAgainIsListenedToOnce() async {
        // Given a stepper contributed with a first screen, which is then dismissed
        let stepper = TestStepper()
        let first = TestPresentable("first")
        let second = TestPresentable("second")
        let flow = TestFlow { step in
            switch step {
            case .list: .one(flowContributor: .contribute(withNextPresentable: first, withNextStepper: stepper))
            case .start: .one(flowContributor: .contribute(withNextPresentable: second, withNextStepper: stepper))
            default: .none
            }
        }
        let store = FlowTestStore(flow: flow)
        await store.send(TestStep.list)
        first.presentation.markDismissed()
        let whileDismissed = await store.emit(TestStep.detail(id: 1), from: stepper)

        // When it is contributed again with a second screen and emits
        await store.send(TestStep.start)
        let afterwards = await store.emit(TestStep.detail(id: 2), from: stepper)

        // Then the step sent meanwhile was dropped as dismissed, the later one navigated once,
        // and the first screen's subscription no longer hears it
        #expect(whileDismissed.map(\.outcome.dropReason) == [.dismissed])
        #expect(afterwards.map(\.outcome.dropReason) == [nil])
        #expect(flow.navigated == [.list, .start, .detail(id: 2)])
    }

    @Test("a presentable that gates two steppers tells both of its dismissal, and both are released")
    func dismissalReachesEveryGatedStepper() async {
        // Given one screen contributed with two steppers that only the coordinator holds
        var weak = WeakReferences()
        let screen = TestPresentable("shared")
        let flow = TestFlow { step in
            guard step == .list else { return .none }
            let steppers = [TestStepper(), TestStepper()]
            weak.track(steppers[0], steppers[1])
            return .multiple(
                .contribute(withNextPresentable: screen, withNextStepper: steppers[0]),
                .contribute(withNextPresentable: screen, withNextStepper: steppers[1]))
        }
        let store = FlowTestStore(flow: flow)
        await store.send(TestStep.list)
        #expect(store.coordinator.snapshot().listeners.count == 3)

        // When the screen is dismissed
        screen.presentation.markDismissed()

        // Then the coordinator listens to neither, and both are gone
        #expect(store.coordinator.snapshot().listeners.count == 1)
        #expect(weak.aliveCount == 0)
    }

    @Test("a dismissed presentable's steps are dropped unless allowStepWhenDismissed")
    func dismissedStepsAreDropped() async {
        // Given two pushed screens whose steppers the test keeps; the second allows steps when dismissed
        var steppers: [TestStepper] = []
        let flow = StackFlow()
        flow.allowStepWhenDismissed = { $0 == 2 }
        flow.onNewStepper = { steppers.append($0) }
        let store = FlowTestStore(flow: flow)
        await store.send(TestStep.detail(id: 1))
        await store.send(TestStep.detail(id: 2))

        // When both are popped and their steppers emit
        flow.pop()
        flow.pop()
        let afterDismissal =
            await store.emit(TestStep.detail(id: 11), from: steppers[0])
            + store.emit(TestStep.detail(id: 12), from: steppers[1])

        // Then the first is dropped as dismissed, the second is navigated
        #expect(afterDismissal.map(\.outcome.dropReason) == [.dismissed, nil])
        #expect(flow.navigated == [.detail(id: 1), .detail(id: 2), .detail(id: 12)])
    }

    @Test("adapt may suspend and rewrite a step; nil drops it")
    func adaptRewritesOrDrops() async {
        // Given a flow whose permission check suspends, rewrites .restricted and refuses .forbidden
        let flow = TestFlow(onAdapt: { step in
            try? await Task.sleep(for: .milliseconds(20))
            switch step {
            case .restricted: return TestStep.detail(id: 0)
            case .forbidden: return nil
            default: return step
            }
        })
        let store = FlowTestStore(flow: flow)

        // When both are sent
        let restricted = await store.send(TestStep.restricted)
        let forbidden = await store.send(TestStep.forbidden)

        // Then the rewritten step is navigated and the refused one is logged as adapted to nil
        #expect(flow.navigated == [.detail(id: 0)])
        #expect((restricted.first?.outcome.adaptedStep as? TestStep) == .detail(id: 0))
        #expect(forbidden.map(\.outcome.dropReason) == [.adaptedToNil])
    }

    @Test("steps of a tree are navigated one at a time in emission order, even past a slow adapt")
    func slowAdaptKeepsOrder() async {
        // Given a flow whose adapt of .slow takes 50 ms
        let flow = TestFlow(onAdapt: { step in
            if step == .slow { try? await Task.sleep(for: .milliseconds(50)) }
            return step
        })
        let stepper = TestStepper()
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: stepper)

        // When .slow then .fast are emitted back to back
        stepper.steps.send(TestStep.slow)
        stepper.steps.send(TestStep.fast)
        await coordinator.waitUntilIdle()

        // Then .fast was not adapted before .slow was navigated
        #expect(flow.adapted == [.slow, .fast])
        #expect(flow.navigated == [.slow, .fast])
    }

    @Test("waiting until idle with a timeout gives up on a slow adapt, and waits when it is long enough")
    func waitUntilIdleTimesOut() async {
        // Given a flow whose adapt of .slow waits until the test lets it go on
        let (gate, release) = AsyncStream<Void>.makeStream()
        let flow = TestFlow(onAdapt: { step in
            if step == .slow { for await _ in gate { break } }
            return step
        })
        let stepper = TestStepper()
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: stepper)
        await coordinator.waitUntilIdle()

        // When .slow is emitted, a short wait gives up before it is navigated
        stepper.steps.send(TestStep.slow)
        #expect(await coordinator.waitUntilIdle(timeout: .milliseconds(10)) == false)
        #expect(flow.navigated.isEmpty && coordinator.isNavigating)

        // Then, once adapt goes on, a long enough wait sees it navigated
        release.yield()
        #expect(await coordinator.waitUntilIdle(timeout: .seconds(30)) == true)
        #expect(flow.navigated == [.slow])
        #expect(await coordinator.waitUntilIdle(timeout: .milliseconds(1)) == true, "idle: no wait at all")
    }

    @Test("a deep link reaches the root flow and, recursively, every child flow")
    func deepLinkReachesEveryFlow() async {
        // Given a root flow with a child flow that has a grandchild flow
        let grandchild = TestFlow()
        let child = TestFlow { step in
            step == .childHome
                ? .one(
                    flowContributor: .contribute(
                        withNextPresentable: grandchild, withNextStepper: OneStepper(withSingleStep: TestStep.childHome)
                    ))
                : .none
        }
        let root = TestFlow { step in
            step == .startChild
                ? .one(
                    flowContributor: .contribute(
                        withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.childHome)))
                : .none
        }
        let store = FlowTestStore(flow: root)
        await store.send(TestStep.startChild)

        // When a deep link arrives from outside
        await store.deepLink(TestStep.detail(id: 7))

        // Then all three flows navigated it
        #expect(root.navigated.last == .detail(id: 7))
        #expect(child.navigated.last == .detail(id: 7))
        #expect(grandchild.navigated.last == .detail(id: 7))
        #expect(store.coordinator.childCoordinators.first?.childCoordinators.count == 1)
    }

    @Test("willNavigate and didNavigate report (flow, step) pairs to every listener")
    func navigationEventsReachEveryListener() async {
        // Given two listeners of willNavigate and one of didNavigate
        let flow = TestFlow()
        let store = FlowTestStore(flow: flow)
        var first = store.coordinator.willNavigate.makeAsyncIterator()
        var second = store.coordinator.willNavigate.makeAsyncIterator()
        var did = store.coordinator.didNavigate.makeAsyncIterator()

        // When two steps are navigated
        await store.send(TestStep.list)
        await store.send(TestStep.detail(id: 4))

        // Then each listener got both pairs, naming the flow and the step
        for _ in 0..<2 {
            let a = await first.next()
            let b = await second.next()
            let c = await did.next()
            #expect(a?.flow === flow && b?.flow === flow && c?.flow === flow)
            #expect((a?.step as? TestStep) == (b?.step as? TestStep))
            #expect((a?.step as? TestStep) == (c?.step as? TestStep))
        }
        #expect(flow.navigated == [.list, .detail(id: 4)])
    }
}
