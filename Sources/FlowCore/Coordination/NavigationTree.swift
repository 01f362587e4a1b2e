/// What the coordinators of one tree share: the queue that navigates their steps one at a time in
/// emission order, the log, and the navigation events.
@MainActor
final class NavigationTree {
    private(set) var log: NavigationLogBuffer
    /// The listeners to navigation events, made when the first one listens (``stream(_:)``): most
    /// trees, a served session's, never have one.
    private var willNavigate: EventBroadcaster<NavigationEvent>?
    private var didNavigate: EventBroadcaster<NavigationEvent>?

    /// A flow and the step it navigates.
    typealias NavigationEvent = (flow: any Flow, step: any Step)

    /// Whether an event is told just before a flow navigates or just after.
    enum Moment {
        case willNavigate
        case didNavigate
    }

    /// Told of every entry recorded (the coordinator's `onLogEntry`).
    var onRecord: (@MainActor (NavigationLogEntry) -> Void)?

    private var queue: [PendingStep] = []
    private var queueHead = 0
    /// Steps are queued and not all navigated yet.
    private var isDraining = false
    /// A task is inside ``drain()`` (maybe suspended in a flow's `adapt`): no other may enter.
    private var isDrainRunning = false
    private var idleWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    init(logCapacity: Int) {
        log = NavigationLogBuffer(capacity: logCapacity)
    }

    /// Whether steps are waiting or being navigated.
    var isNavigating: Bool { isDraining }

    /// How many entries the log keeps; lowering it drops the oldest at once.
    var logCapacity: Int {
        get { log.capacity }
        set { log.bound(to: newValue) }
    }

    /// Queues a step behind every step emitted before it; navigation starts on the next turn of
    /// the main actor if nothing is running, or sooner if someone waits (``waitUntilIdle(timeout:)``).
    func enqueue(_ step: any Step, for coordinator: FlowCoordinator, origin: StepOrigin) {
        queue.append(PendingStep(coordinator: coordinator, step: step, origin: origin))
        guard !isDraining else { return }
        isDraining = true
        Task { await self.drain() }
    }

    @discardableResult
    func record(
        _ step: any Step, origin: StepOrigin, flow: Any.Type?, outcome: NavigationOutcome
    ) -> NavigationLogEntry {
        let entry = log.append(step: step, origin: origin, flow: flow, outcome: outcome)
        onRecord?(entry)
        return entry
    }

    /// Returns true once no step is waiting or being navigated, or false when `timeout` passed first.
    func waitUntilIdle(timeout: Duration?) async -> Bool {
        guard isDraining else { return true }
        if !isDrainRunning {
            // The task `enqueue` started waits its turn behind everything else queued on the main
            // actor (on a busy server, every other session's work), and so would this waiter,
            // twice. Navigate now instead, in this turn: a drain that does not suspend (no flow's
            // `adapt` awaits) is over when `Task.immediate` returns; one that does goes on in its
            // own task, and the wait below bounds it as before.
            _ = Task.immediate { await self.drain() }
            guard isDraining else { return true }
        }
        let waiter = nextWaiter
        nextWaiter += 1
        // Not on the main actor: a timer cancelled (the common case) ends without a turn of it.
        let timer = timeout.map { timeout in
            Task.detached { [weak self] in
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                await self?.timeOut(waiter)
            }
        }
        let isIdle = await withCheckedContinuation { idleWaiters[waiter] = $0 }
        timer?.cancel()
        return isIdle
    }

    private func timeOut(_ waiter: Int) {
        idleWaiters.removeValue(forKey: waiter)?.resume(returning: false)
    }

    /// A new stream of the events told at `moment`.
    func stream(_ moment: Moment) -> AsyncStream<NavigationEvent> {
        let broadcaster = broadcaster(moment) ?? EventBroadcaster()
        switch moment {
        case .willNavigate: willNavigate = broadcaster
        case .didNavigate: didNavigate = broadcaster
        }
        return broadcaster.stream()
    }

    /// Tells the streams of `moment` that a flow is about to navigate a step, or did.
    func report(_ event: NavigationEvent, _ moment: Moment) {
        broadcaster(moment)?.send(event)
    }

    private func broadcaster(_ moment: Moment) -> EventBroadcaster<NavigationEvent>? {
        switch moment {
        case .willNavigate: willNavigate
        case .didNavigate: didNavigate
        }
    }

    /// Ends every event stream, when the root coordinator ends.
    func close() {
        willNavigate?.finish()
        didNavigate?.finish()
    }

    /// Navigates the queued steps in order until none is left; returns at once if another task is
    /// in here already (suspended in an `adapt`: it goes on with the queue).
    private func drain() async {
        guard !isDrainRunning else { return }
        isDrainRunning = true
        while queueHead < queue.count {
            let pending = queue[queueHead]
            queueHead += 1
            if queueHead >= 1024 {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            await pending.coordinator.navigate(pending.step, origin: pending.origin)
        }
        // An idle tree keeps no queue storage: a live session spends most of its time idle.
        queue.removeAll()
        queueHead = 0
        isDrainRunning = false
        isDraining = false
        let waiters = idleWaiters.values
        idleWaiters = [:]
        for waiter in waiters {
            waiter.resume(returning: true)
        }
    }
}
