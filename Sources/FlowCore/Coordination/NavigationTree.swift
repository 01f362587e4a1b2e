/// What the coordinators of one tree share: the queue that navigates their steps one at a time in
/// emission order, the log, and the navigation events.
@MainActor
final class NavigationTree {
    private(set) var log: NavigationLogBuffer
    let willNavigate = EventBroadcaster<(flow: any Flow, step: any Step)>()
    let didNavigate = EventBroadcaster<(flow: any Flow, step: any Step)>()

    /// Told of every entry recorded (the coordinator's `onLogEntry`).
    var onRecord: (@MainActor (NavigationLogEntry) -> Void)?

    private var queue: [PendingStep] = []
    private var queueHead = 0
    private var isDraining = false
    private var idleWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    init(logCapacity: Int) {
        log = NavigationLogBuffer(capacity: logCapacity)
    }

    /// Whether steps are waiting or being navigated.
    var isNavigating: Bool { isDraining }

    /// Queues a step behind every step emitted before it; navigation starts on the next turn of
    /// the main actor if nothing is running.
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
        let waiter = nextWaiter
        nextWaiter += 1
        let timer = timeout.map { timeout in
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                self?.idleWaiters.removeValue(forKey: waiter)?.resume(returning: false)
            }
        }
        let isIdle = await withCheckedContinuation { idleWaiters[waiter] = $0 }
        timer?.cancel()
        return isIdle
    }

    /// Ends every event stream, when the root coordinator ends.
    func close() {
        willNavigate.finish()
        didNavigate.finish()
    }

    private func drain() async {
        while queueHead < queue.count {
            let pending = queue[queueHead]
            queueHead += 1
            if queueHead >= 1024 {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            await pending.coordinator.navigate(pending.step, origin: pending.origin)
        }
        queue.removeAll(keepingCapacity: queue.capacity <= 64)
        queueHead = 0
        isDraining = false
        let waiters = idleWaiters.values
        idleWaiters = [:]
        for waiter in waiters {
            waiter.resume(returning: true)
        }
    }
}
