import FlowCore
import HTMLPresenter

/// Drives a flow without a server or UI: send steps in, read what the flow contributed and what the
/// navigation log says.
///
/// ```swift
/// let store = FlowTestStore(flow: MovieFlow())
/// let entries = await store.send(MovieStep.movieList)
/// #expect(entries.first?.outcome.contributions.count == 1)
/// #expect(store.log.last?.outcome.dropReason == nil)
/// ```
@MainActor
public final class FlowTestStore<F: Flow> {
    /// The flow under test.
    public let flow: F
    /// The root coordinator driving it.
    public let coordinator: FlowCoordinator
    /// The window the flow is shown in when created `inWindow`; empty otherwise.
    public let window: HTMLWindow
    private let stepper: TestStepper

    /// Starts coordinating `flow`; `initialStep`, if any, is navigated first (await ``settle()``).
    ///
    /// With `inWindow`, the flow's root (an `HTMLViewController`, or the `HTMLWindow` the flow
    /// owns) is shown in ``window``, as in the browser: its screens are visible, so their steps are
    /// navigated, and `window.updatedScreenTree()` is the page. Without it nothing is on screen, and
    /// steps of screens are dropped as not visible (to test the flow alone).
    public init(flow: F, initialStep: any Step = NoneStep(), inWindow: Bool = false) {
        self.flow = flow
        if inWindow, let window = flow.root as? HTMLWindow {
            self.window = window
        } else {
            window = HTMLWindow()
            if inWindow {
                guard let root = flow.root as? HTMLViewController else {
                    preconditionFailure(
                        "FlowTestStore(inWindow: true): the root of \(F.self) is a \(type(of: flow.root)), "
                            + "neither an HTMLViewController nor an HTMLWindow")
                }
                window.rootViewController = root
            }
        }
        coordinator = FlowCoordinator()
        stepper = TestStepper(initialStep: initialStep)
        coordinator.coordinate(flow: flow, with: stepper)
    }

    /// Emits `step` as the root flow's stepper would, waits until navigation settles, and returns
    /// the log entries recorded meanwhile (the step and everything it led to).
    @discardableResult
    public func send(_ step: any Step) async -> [NavigationLogEntry] {
        await recording { stepper.steps.send(step) }
    }

    /// Emits `step` from `stepper` (a screen's stepper the flow contributed), waits until
    /// navigation settles, and returns the log entries recorded meanwhile, drops included.
    @discardableResult
    public func emit(_ step: any Step, from stepper: any Stepper) async -> [NavigationLogEntry] {
        await recording { stepper.steps.send(step) }
    }

    /// Sends `step` as a deep link (`FlowCoordinator/navigate(to:)`: the root flow and every
    /// child flow) and returns the log entries recorded until navigation settled.
    @discardableResult
    public func deepLink(_ step: any Step) async -> [NavigationLogEntry] {
        await recording { coordinator.navigate(to: step) }
    }

    /// Waits until every step emitted so far (by any stepper of the tree) has been navigated, and
    /// returns the entries recorded meanwhile.
    @discardableResult
    public func settle() async -> [NavigationLogEntry] {
        await recording {}
    }

    /// The whole navigation log, oldest first.
    public var log: [NavigationLogEntry] { coordinator.log }

    private func recording(_ action: () -> Void) async -> [NavigationLogEntry] {
        let before = coordinator.log.last?.sequence ?? 0
        action()
        await coordinator.waitUntilIdle()
        return coordinator.log(after: before)
    }
}
