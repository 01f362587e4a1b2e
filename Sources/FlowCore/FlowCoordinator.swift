/// Drives a ``Flow``: listens to steppers, navigates their steps one at a time in the order they
/// were emitted, and starts a child coordinator for every child flow.
///
/// ```swift
/// let coordinator = FlowCoordinator()
/// coordinator.coordinate(flow: MovieFlow(), with: OneStepper(withSingleStep: MovieStep.movieList))
/// coordinator.navigate(to: MovieStep.movieDetail(id: 3))  // a deep link
/// await coordinator.waitUntilIdle()
/// ```
///
/// - Note: Steps from a presentable that is not visible are dropped, not buffered (AsyncFlow
///   buffers them): a step emitted by a screen the user cannot see is not the user's intent. Every
///   drop is recorded in ``log`` with its reason. When a flow ends or its root is dismissed, its
///   coordinator, steppers and presentables are released.
@MainActor
public final class FlowCoordinator {
    // MARK: Stored properties

    let tree: NavigationTree
    private weak var parent: FlowCoordinator?
    /// The flow this coordinator drives; nil before `coordinate` and after the flow ended.
    public private(set) var flow: (any Flow)?
    /// The coordinators of the child flows currently running, in the order they started.
    public private(set) var childCoordinators: [FlowCoordinator] = []
    /// Whether the flow ended (`.end`, or its root was dismissed); an ended coordinator navigates nothing.
    public private(set) var hasEnded = false
    private var listenings: [Listening] = []
    /// Whether the flow's root tells this coordinator of its dismissal (it ends then).
    private var observesRootDismissal = false
    private var hasNavigated = false
    private(set) var flowType: Any.Type?

    // MARK: Initialization

    /// Creates the root coordinator of a new tree; its ``log`` keeps the newest `logCapacity` entries.
    public init(logCapacity: Int = 1000) {
        tree = NavigationTree(logCapacity: logCapacity)
    }

    private init(parent: FlowCoordinator) {
        tree = parent.tree
        self.parent = parent
    }

    // MARK: API

    /// Starts driving `flow`: navigates `stepper`'s initial step, then everything it sends.
    ///
    /// - Parameters:
    ///   - flow: The flow to drive; a coordinator drives one flow once.
    ///   - stepper: What emits the flow's first steps; by default a ``DefaultStepper``, which sends
    ///     ``FlowCoreStep/home`` once.
    ///   - allowStepWhenDismissed: Keep the flow running after its root is dismissed.
    public func coordinate(
        flow: any Flow, with stepper: any Stepper = DefaultStepper(), allowStepWhenDismissed: Bool = false
    ) {
        precondition(self.flow == nil && !hasEnded, "A FlowCoordinator coordinates one flow, once")
        self.flow = flow
        flowType = type(of: flow)
        if !allowStepWhenDismissed {
            flow.presentation.onDismissal(.flow(WeakFlowCoordinator(coordinator: self)))
            observesRootDismissal = true
        }
        listen(to: stepper, presentable: nil, allowStepWhenNotPresented: true, allowStepWhenDismissed: true)
    }

    /// Navigates `step` from outside (a deep link): in this coordinator's flow and, recursively, in
    /// every child flow running now, as RxFlow does. Each flow's `adapt(step:)` may drop it.
    public func navigate(to step: any Step) {
        guard !(step is NoneStep) else { return }
        tree.enqueue(step, for: self, origin: .deepLink)
        for child in childCoordinators {
            child.navigate(to: step)
        }
    }

    /// Returns once every step emitted so far, and every step they led to, has been navigated.
    public func waitUntilIdle() async {
        _ = await tree.waitUntilIdle(timeout: nil)
    }

    /// Like ``waitUntilIdle()``, but gives up after `timeout` (a slow `adapt`, a stepper that keeps
    /// emitting). Returns whether the tree is idle.
    ///
    /// ```swift
    /// coordinator.navigate(to: MovieStep.movieDetail(id: 3))
    /// let settled = await coordinator.waitUntilIdle(timeout: .seconds(1))
    /// ```
    @discardableResult
    public func waitUntilIdle(timeout: Duration) async -> Bool {
        await tree.waitUntilIdle(timeout: timeout)
    }

    /// Whether steps of this tree are waiting or being navigated now.
    public var isNavigating: Bool { tree.isNavigating }

    /// The tree's navigation log, oldest first: every step, who emitted it, what became of it.
    public var log: [NavigationLogEntry] { tree.log.entries }

    /// How many entries the tree's ``log`` keeps, the newest (1000 unless given at `init`).
    /// Lowering it drops the oldest at once: a host that shows only the last few keeps only those.
    ///
    /// ```swift
    /// let coordinator = FlowCoordinator()
    /// coordinator.logCapacity = 200  // a host that shows the last 200 steps
    /// ```
    public var logCapacity: Int {
        get { tree.logCapacity }
        set { tree.logCapacity = newValue }
    }

    /// Entries recorded after the entry numbered `sequence` (0 for all that are kept).
    public func log(after sequence: Int) -> [NavigationLogEntry] {
        Array(tree.log.entries.drop { $0.sequence <= sequence })
    }

    /// Called on the main actor with every entry the tree's log records, for a log that is watched
    /// live (FlowHost's inspector). One observer per tree; set it on the root coordinator.
    public var onLogEntry: (@MainActor (NavigationLogEntry) -> Void)? {
        get { tree.onRecord }
        set { tree.onRecord = newValue }
    }

    /// This coordinator and its children as a value: flows, steppers, presentables and their state.
    /// `describe` names a presentable (by default its type).
    public func snapshot(
        describingPresentables describe: (any Presentable) -> String = { "\(type(of: $0))" }
    ) -> CoordinatorSnapshot {
        CoordinatorSnapshot(
            flow: flowType.map { "\($0)" }, state: flow.map { .init($0.presentation) } ?? .dismissed,
            listeners: listenings.map { listening in
                CoordinatorSnapshot.Listener(
                    stepper: "\(type(of: listening.stepper))", presentable: listening.presentable.map(describe),
                    state: listening.presentable.map { .init($0.presentation) })
            },
            children: childCoordinators.map { $0.snapshot(describingPresentables: describe) })
    }

    /// A new stream of (flow, step) pairs, for every flow of the tree, just before the flow navigates.
    /// Each access makes a new stream, so any number of listeners can observe.
    public var willNavigate: AsyncStream<(flow: any Flow, step: any Step)> { tree.stream(.willNavigate) }

    /// A new stream of (flow, step) pairs, for every flow of the tree, just after the flow navigated.
    public var didNavigate: AsyncStream<(flow: any Flow, step: any Step)> { tree.stream(.didNavigate) }

    // MARK: Navigation (called by the tree's queue)

    func navigate(_ step: any Step, origin: StepOrigin) async {
        guard let flow, !hasEnded else {
            tree.record(step, origin: origin, flow: flowType, outcome: .dropped(.flowEnded))
            return
        }
        let adapted = await flow.adapt(step: step)
        guard !hasEnded else {
            tree.record(step, origin: origin, flow: flowType, outcome: .dropped(.flowEnded))
            return
        }
        guard let adapted, !(adapted is NoneStep) else {
            tree.record(step, origin: origin, flow: flowType, outcome: .dropped(.adaptedToNil))
            return
        }
        tree.report((flow, adapted), .willNavigate)
        let contributors = flow.navigate(to: adapted)
        if !hasNavigated {
            hasNavigated = true
            flow.presentation.markFlowReady()
        }
        tree.report((flow, adapted), .didNavigate)
        tree.record(
            step, origin: origin, flow: flowType,
            outcome: .navigated(adaptedStep: adapted, contributions: contributors.records))
        handle(contributors)
    }

    private func handle(_ contributors: FlowContributors) {
        switch contributors {
        case .none:
            break
        case .one(let contributor):
            handle(contributor)
        case .multiple(let contributors):
            for contributor in contributors where !hasEnded {
                handle(contributor)
            }
        case .end(let step):
            let parent = self.parent
            end()
            forward(step, to: parent, origin: .endOf(flow: flowType!))
        }
    }

    private func handle(_ contributor: FlowContributor) {
        switch contributor {
        case .contribute(let presentable, let stepper, let allowStepWhenNotPresented, let allowStepWhenDismissed):
            if let childFlow = presentable as? any Flow {
                let child = FlowCoordinator(parent: self)
                childCoordinators.append(child)
                child.coordinate(flow: childFlow, with: stepper, allowStepWhenDismissed: allowStepWhenDismissed)
            } else {
                listen(
                    to: stepper, presentable: presentable, allowStepWhenNotPresented: allowStepWhenNotPresented,
                    allowStepWhenDismissed: allowStepWhenDismissed)
            }
        case .forwardToCurrentFlow(let step):
            tree.enqueue(step, for: self, origin: .forwardedBy(flow: flowType!))
        case .forwardToParentFlow(let step):
            forward(step, to: parent, origin: .forwardedBy(flow: flowType!))
        }
    }

    private func forward(_ step: any Step, to parent: FlowCoordinator?, origin: StepOrigin) {
        if let parent {
            tree.enqueue(step, for: parent, origin: origin)
        } else {
            tree.record(step, origin: origin, flow: nil, outcome: .dropped(.noParentFlow))
        }
    }

    // MARK: Listening to steppers

    private func listen(
        to stepper: any Stepper, presentable: (any Presentable)?, allowStepWhenNotPresented: Bool,
        allowStepWhenDismissed: Bool
    ) {
        let subscription = StepSubscription(
            coordinator: self, stepper: stepper, presentable: presentable,
            gatesVisibility: !allowStepWhenNotPresented, allowsStepWhenDismissed: allowStepWhenDismissed)
        let observesDismissal = presentable.map { !allowStepWhenDismissed && !$0.presentation.isDismissed } ?? false
        if observesDismissal {
            presentable?.presentation.onDismissal(.subscription(subscription))
        }
        listenings.append(
            Listening(
                stepper: stepper, presentable: presentable, subscription: subscription,
                observesDismissal: observesDismissal))
        subscription.receiveInitialStep(stepper.initialStep)
        stepper.readyToEmitSteps()
    }

    /// Lets go of the stepper and presentable of `subscription`, whose presentable was dismissed.
    func stopListening(to subscription: StepSubscription) {
        listenings.removeAll { $0.subscription === subscription }
    }

    /// The flow's root was dismissed: the flow ends.
    func rootDismissed() {
        observesRootDismissal = false
        end()
    }

    // MARK: Ending

    /// Stops everything: children end, steppers and presentables are released, the parent forgets
    /// this coordinator. Steps still arriving are logged as dropped (`flowEnded`).
    private func end() {
        guard !hasEnded else { return }
        hasEnded = true
        let children = childCoordinators
        childCoordinators = []
        for child in children {
            child.end()
        }
        for listening in listenings {
            listening.subscription.flowEnded()
            if listening.observesDismissal {
                listening.presentable?.presentation.removeDismissalObserver(.subscription(listening.subscription))
            }
        }
        listenings = []
        if observesRootDismissal {
            flow?.presentation.removeDismissalObserver(.flow(WeakFlowCoordinator(coordinator: self)))
        }
        flow = nil
        if let parent {
            parent.childCoordinators.removeAll { $0 === self }
        } else {
            tree.close()
        }
    }
}

/// A stepper the coordinator listens to, kept alive with its presentable until dismissal or the end.
private struct Listening {
    let stepper: any Stepper
    let presentable: (any Presentable)?
    let subscription: StepSubscription
    /// Whether the presentable's presentation tells the subscription of its dismissal.
    let observesDismissal: Bool
}
