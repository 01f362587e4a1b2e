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
/// ``duringAction(isolation:_:)``), is part of that action, like the sign-in above. Any other wait, such as a
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
        /// Nil until the waiting task has suspended.
        var continuation: Continuation?
    }

    private typealias Continuation = CheckedContinuation<Wake, any Error>

    private struct State {
        var isReplaying = false
        /// The tasks running an action now (their identity: a task is alive while it runs one),
        /// and how many actions each runs (one inside another's).
        var actionTasks = ActionTasks()
        var held: [HeldWait] = []
        /// How waits end that were fired, let go or cancelled before their task suspended.
        var endedEarly: [Int: Result<Wake, any Error>] = [:]
        var nextID = 0
        var onLiveMove: (@MainActor @Sendable () -> Void)?

        /// Stops holding the wait `id`, which ends with `result`: returns its continuation to
        /// resume, or nil when its task has not suspended yet (it finds `result` when it does) or
        /// it is not held.
        mutating func release(_ id: Int, with result: Result<Wake, any Error>) -> Continuation? {
            guard let index = held.firstIndex(where: { $0.id == id }) else { return nil }
            let wait = held.remove(at: index)
            if wait.continuation == nil { endedEarly[id] = result }
            return wait.continuation
        }
    }

    private let state = Mutex(State())

    /// A clock in real time.
    public init() {}

    /// Now, in real time (a replay skips waits, not time).
    public var now: Instant { .now }

    /// `ContinuousClock`'s resolution.
    public var minimumResolution: Duration { ContinuousClock().minimumResolution }

    /// Called when a wait that began outside an action ends in real time (not when it is cancelled,
    /// nor during a replay), on the main actor, before the wait returns: so before whatever the
    /// waiting task does next (the step a timer sends). The web host records a live move in the
    /// session's click path.
    public var onLiveMove: (@MainActor @Sendable () -> Void)? {
        get { state.withLock(\.onLiveMove) }
        set { state.withLock { $0.onLiveMove = newValue } }
    }

    /// Waits `duration` (as `Clock`'s own, but begun on the caller's actor): see
    /// ``sleep(until:tolerance:)``.
    nonisolated(nonsending) public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        try await sleep(until: now.advanced(by: duration), tolerance: tolerance)
    }

    /// Waits until `deadline`: see the type's notes for actions, live moves and replays.
    ///
    /// The wait begins on the caller's actor, before anything else runs there: a timer a main-actor
    /// task starts is held (during a replay) as soon as that task has run, however busy other
    /// threads are, so that whoever replays can tell at once whether a screen has a live move.
    nonisolated(nonsending) public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let task = Self.currentTask
        // Held at once, before the first suspension, on the caller's actor.
        let (isReplaying, inAction, id) = state.withLock { state in
            state.nextID += 1
            let inAction = state.actionTasks.contains(task)
            if state.isReplaying && !inAction {
                state.held.append(HeldWait(id: state.nextID, deadline: deadline))
            }
            return (state.isReplaying, inAction, state.nextID)
        }
        if inAction && isReplaying {
            // No time, but a suspension all the same: a long replay on an actor lets others in.
            await Task.yield()
            return try Task.checkCancellation()
        }
        if !isReplaying {
            try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
            if !inAction, let onLiveMove { await onLiveMove() }
            return
        }
        let wake = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Still held, or else how it ended meanwhile.
                let ended = state.withLock { state -> Result<Wake, any Error>? in
                    if let ended = state.endedEarly.removeValue(forKey: id) { return ended }
                    if let index = state.held.firstIndex(where: { $0.id == id }) {
                        state.held[index].continuation = continuation
                    }
                    return nil
                }
                if let ended { continuation.resume(with: ended) }
            }
        } onCancel: {
            state.withLock { $0.release(id, with: .failure(CancellationError())) }?
                .resume(throwing: CancellationError())
        }
        if case .after(let duration) = wake {
            try await ContinuousClock().sleep(for: duration)
            if let onLiveMove { await onLiveMove() }
        }
    }

    /// Runs `action` (what a click or a form submission does): the waits it awaits in its own task
    /// are part of it, not live moves, and take no time during a replay. Waits of other tasks are
    /// live moves, even while it runs: a timer's, or a task's it starts.
    public func duringAction<Result>(
        isolation: isolated (any Actor)? = #isolation, _ action: () async throws -> Result
    ) async rethrows -> Result {
        let task = Self.currentTask
        state.withLock { $0.actionTasks.enter(task) }
        defer { state.withLock { $0.actionTasks.leave(task) } }
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
        let fired = state.withLock { state -> (found: Bool, continuation: Continuation?) in
            guard let earliest = state.held.min(by: { $0.deadline < $1.deadline }) else { return (false, nil) }
            return (true, state.release(earliest.id, with: .success(.now)))
        }
        fired.continuation?.resume(returning: .now)
        return fired.found
    }

    /// Ends the replay: the clock keeps real time again, and each wait still held sleeps what is
    /// left of its duration (a timer the replay started goes off about when it would have).
    public func endReplay() {
        let now = Instant.now
        let released = state.withLock { state in
            state.isReplaying = false
            let held = state.held
            return held.map { wait in
                let wake = Wake.after(max(.zero, wait.deadline - now))
                return (wake, state.release(wait.id, with: .success(wake)))
            }
        }
        for (wake, continuation) in released { continuation?.resume(returning: wake) }
    }
}
