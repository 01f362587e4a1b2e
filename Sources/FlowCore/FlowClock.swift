import Synchronization

/// The clock a flow waits on: real time while a person clicks, no time while a recorded click path
/// is replayed.
///
/// Give it to the models that wait (a network call's latency, a timer) instead of calling
/// `Task.sleep` yourself, so that a replayed session, a share link or a test reaches the same
/// screen at once:
///
/// ```swift
/// try await clock.sleep(for: .milliseconds(300))  // the sign-in "network call"
/// ```
///
/// It tells two kinds of wait apart. A wait an action awaits while it runs, in its own task (see
/// ``duringAction(_:)``), is part of that action, like the sign-in above. Any other wait, such as a
/// timer a screen starts when it appears, moves the app on its own when it ends: a *live move*,
/// reported to ``onLiveMove``. Which one a wait is does not depend on timing: a timer whose task
/// begins waiting while an action still runs is a live move all the same. While a path is
/// replayed, an action's waits end at once and a live move's wait is held until the path says it
/// happened (``fireEarliestWait()``) or the replay ends (``endReplay()``), when it sleeps the rest
/// of its duration in real time. Outside a replay it keeps `ContinuousClock`'s time.
public final class FlowClock: Clock, Sendable {
    /// The instants of `ContinuousClock`: waits in real time and held waits compare alike.
    public typealias Instant = ContinuousClock.Instant

    private enum Wake {
        case now
        case after(Duration)
    }

    private struct HeldWait {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Wake, any Error>
    }

    private struct State {
        var isReplaying = false
        /// The tasks running an action now (their identity: a task is alive while it runs one),
        /// and how many actions each runs (one inside another's).
        var actionTasks: [Int: Int] = [:]
        var held: [HeldWait] = []
        /// Waits cancelled before they were held.
        var cancelledEarly: Set<Int> = []
        var nextID = 0
        var onLiveMove: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// A clock in real time.
    public init() {}

    /// Now, in real time (a replay skips waits, not time).
    public var now: Instant { .now }

    /// `ContinuousClock`'s resolution.
    public var minimumResolution: Duration { ContinuousClock().minimumResolution }

    /// Called when a wait that began outside an action ends in real time (not when it is cancelled,
    /// nor during a replay). The web host records a live move in the session's click path.
    public var onLiveMove: (@Sendable () -> Void)? {
        get { state.withLock(\.onLiveMove) }
        set { state.withLock { $0.onLiveMove = newValue } }
    }

    /// Waits until `deadline`: see the type's notes for actions, live moves and replays.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let task = Self.currentTask
        let (isReplaying, inAction, id) = state.withLock { state in
            state.nextID += 1
            return (state.isReplaying, state.actionTasks[task] != nil, state.nextID)
        }
        if inAction && isReplaying { return try Task.checkCancellation() }
        if !isReplaying {
            try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
            if !inAction { onLiveMove?() }
            return
        }
        let wake = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Held, or else what to answer at once: cancelled already, or the replay ended meanwhile.
                let answer = state.withLock { state -> Result<Wake, any Error>? in
                    if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    guard state.isReplaying else { return .success(.after(deadline - .now)) }
                    state.held.append(HeldWait(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let answer { continuation.resume(with: answer) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> HeldWait? in
                guard let index = state.held.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.held.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
        if case .after(let duration) = wake {
            try await ContinuousClock().sleep(for: duration)
            onLiveMove?()
        }
    }

    /// Runs `action` (what a click or a form submission does): the waits it awaits in its own task
    /// are part of it, not live moves, and take no time during a replay. Waits of other tasks are
    /// live moves, even while it runs: a timer's, or a task's it starts.
    public func duringAction<Result>(
        isolation: isolated (any Actor)? = #isolation, _ action: () async throws -> Result
    ) async rethrows -> Result {
        let task = Self.currentTask
        state.withLock { $0.actionTasks[task, default: 0] += 1 }
        defer {
            state.withLock { state in
                state.actionTasks[task]! -= 1
                if state.actionTasks[task] == 0 { state.actionTasks[task] = nil }
            }
        }
        return try await action()
    }

    /// The identity of the task running this code (async code always runs in one).
    private static var currentTask: Int {
        withUnsafeCurrentTask { $0!.hashValue }
    }

    // MARK: Replay

    /// Whether a click path is being replayed.
    public var isReplaying: Bool { state.withLock(\.isReplaying) }

    /// Starts a replay: from now on, an action's waits take no time and live moves wait for
    /// ``fireEarliestWait()``.
    public func beginReplay() {
        state.withLock { $0.isReplaying = true }
    }

    /// Ends the held wait due first: the screen that started it moves on, as it did when the path
    /// was recorded. Returns false when no wait is held.
    @discardableResult
    public func fireEarliestWait() -> Bool {
        let earliest = state.withLock { state -> HeldWait? in
            guard let index = state.held.indices.min(by: { state.held[$0].deadline < state.held[$1].deadline })
            else { return nil }
            return state.held.remove(at: index)
        }
        earliest?.continuation.resume(returning: .now)
        return earliest != nil
    }

    /// Ends the replay: the clock keeps real time again, and each wait still held sleeps what is
    /// left of its duration (a timer the replay started goes off about when it would have).
    public func endReplay() {
        let held = state.withLock { state in
            state.isReplaying = false
            defer { state.held = [] }
            return state.held
        }
        let now = Instant.now
        for wait in held {
            wait.continuation.resume(returning: .after(max(.zero, wait.deadline - now)))
        }
    }
}
