import FlowCore
import FlowTesting
import HTMLPresenter
import Testing

@testable import MovieDemo

@MainActor
@Suite("StackFlow (the stack lab)")
struct StackFlowTests {
    private func titles(_ store: FlowTestStore<StackFlow>) -> [String] {
        (store.flow.root as? HTMLNavigationController)?.viewControllers.map(\.title) ?? []
    }

    @Test("Next, Jump to E, Back n and Pop to root")
    func jumps() async {
        let store = FlowTestStore(flow: StackFlow(), initialStep: StackStep.screen("A"))
        await store.send(StackStep.screen("B"))
        #expect(titles(store) == ["Screen A", "Screen B"])
        await store.send(StackStep.jump(to: "E"))
        #expect(titles(store) == ["Screen A", "Screen B", "Screen C", "Screen D", "Screen E"])
        await store.send(StackStep.back(3))
        #expect(titles(store) == ["Screen A", "Screen B"])
        await store.send(StackStep.back(3))
        #expect(titles(store) == ["Screen A"], "Back past the root stops at the root")
        await store.send(StackStep.jump(to: "C"))
        await store.send(StackStep.popToRoot)
        #expect(titles(store) == ["Screen A"])
    }

    @Test("the timer's step moves on while its screen is visible, and is dropped (logged why) after the user left")
    func timer() async throws {
        let window = HTMLWindow()
        // Long enough that leaving the timer screen (two steps) comes first even on a busy machine.
        let flow = StackFlow(timerDelay: .milliseconds(400))
        window.rootViewController = flow.root as? HTMLViewController
        let store = FlowTestStore(flow: flow, initialStep: StackStep.screen("A"))
        await store.send(StackStep.timer)
        try await waitFor(store) { titles($0).last == "Time's up" }
        #expect(titles(store) == ["Screen A", "Timer", "Time's up"])

        await store.send(StackStep.popToRoot)
        await store.send(StackStep.timer)
        await store.send(StackStep.back(1))
        try await waitFor(store) { $0.log.last?.step as? StackStep == .timerFired }
        #expect(titles(store) == ["Screen A"])
        let last = try #require(store.log.last)
        #expect(last.step as? StackStep == .timerFired)
        #expect(last.outcome.dropReason != nil, "the step of a screen no longer shown is dropped: \(last.outcome)")
    }
}

/// Settles `store` until `condition` holds, at most 30 s (only a failing test waits that long): the timer fires after its delay however
/// busy the machine is, and the test does not guess how long that takes.
@MainActor
private func waitFor(_ store: FlowTestStore<StackFlow>, _ condition: (FlowTestStore<StackFlow>) -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    await store.settle()
    while !condition(store), ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(20))
        await store.settle()
    }
}
