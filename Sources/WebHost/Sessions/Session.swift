import FlowHostApp
import HTMLPresenter
import Synchronization

/// One browser session: its identifier, its request queue, and its value
/// (``SessionStateMachine``) under a lock. ``SessionHost`` moves the value by its events and
/// performs what they return; this type answers the waits of open pages, outside the lock.
final class Session: Sendable {
    /// The value of a served session.
    typealias StateMachine = SessionStateMachine<SessionScene>

    let id: SessionID
    /// The hash of its name in the click path store (``ClickPathStore/sessionDigest(of:)``), which
    /// the changes other processes report use: ``SessionStore`` finds it by that. The name itself,
    /// 64 hex digits on SQLite or PostgreSQL, took about 110 bytes of every session's memory; a
    /// change is checked against the name, made again from the id (see ``SessionHost/follow(_:)``).
    let digestHash: Int
    let queue = RequestQueue()
    /// Where the session's tester is in their study, when a study link started the session
    /// (see ``StudyRun``); nil for every other session. Changed in the session's queue only.
    let studyRun = StudyRunSlot()
    private let machine: Mutex<StateMachine>

    /// A session whose value starts as `machine` (``SessionStateMachine/starting(now:)`` for a new
    /// one, ``SessionStateMachine/hibernated(now:)`` for one a cookie names).
    init(id: SessionID, digest: String, machine: StateMachine) {
        self.id = id
        digestHash = digest.hashValue
        self.machine = Mutex(machine)
    }

    /// Moves the session's value by `event`, under its lock, and returns what the event says to
    /// do. An event that files the session in another pool (``SessionStateMachine/pool``) goes
    /// through ``SessionStore/transition(_:_:)`` instead.
    func apply<Action: Sendable>(_ event: (inout StateMachine) -> Action) -> Action {
        machine.withLock { machine in
            // Checked in debug builds only: a release build still worked the pool out before
            // every event (copying the phase), several times an action.
            #if DEBUG
                let pool = machine.pool
                defer { assert(machine.pool == pool, "a session changes pools through SessionStore.transition only") }
            #endif
            return event(&machine)
        }
    }

    /// Moves the session's value by `event` and returns, with what the event says to do, the pool
    /// it was in and the one it is in now: for ``SessionStore``, which files it so.
    func move<Action: Sendable>(_ event: (inout StateMachine) -> Action) -> (
        Action, from: SessionStore.Pool?, to: SessionStore.Pool?
    ) {
        machine.withLock { machine in
            let from = machine.pool
            let action = event(&machine)
            return (action, from, machine.pool)
        }
    }

    /// Reads the session's value under its lock.
    func read<Value: Sendable>(_ query: (StateMachine) -> Value) -> Value {
        machine.withLock { query($0) }
    }

    /// The scene, while the session is live.
    var scene: SessionScene? { read(\.scene) }

    /// When a request last used this session.
    var lastUsed: ContinuousClock.Instant { read(\.lastUsed) }

    func touch(_ now: ContinuousClock.Instant) {
        apply { $0.touch(now) }
    }

    /// Whether requests can no longer use the session.
    var isOver: Bool { read(\.isOver) }

    /// Moves the open pages of a session that left to `/` (its ``SessionStateMachine/Leave``).
    static func movePages(_ pages: [OpenPages.Waiter]) {
        for page in pages { page.resume(returning: .move(FlowHostRoute.root.url)) }
    }

    // MARK: The published page

    /// The window's version as last heard of.
    var latestVersion: Int { read(\.pages.latestVersion) }

    /// The published page, fresh or not.
    var lastPage: PublishedPage? { read(\.pages.page) }

    /// Called on the main actor when the window's version moved to `version`. Returns whether the
    /// caller should schedule a refresh (open pages wait for a move, none is scheduled).
    func windowDidChange(to version: Int) -> Bool {
        apply { $0.windowDidChange(to: version) }
    }

    /// Called by a scheduled refresh when it starts.
    func refreshDidStart() {
        apply { $0.pages.refreshDidStart() }
    }

    /// Makes `page` the published page, unless a newer one is published, and moves the open pages
    /// that show an older version.
    func publish(_ page: PublishedPage) {
        for waiter in apply({ $0.pages.publish(page) }) { waiter.resume(returning: .move(page.url)) }
    }

    // MARK: The inspector

    /// How many times what the inspector shows changed so far.
    var inspectorChanges: Int { read(\.pages.inspectorChanges) }

    /// Called on the main actor when what the inspector shows changed (a step was logged): the open
    /// pages that expect no move are told.
    func inspectorDidChange() {
        let (waiters, count) = apply { $0.pages.inspectorDidChange() }
        for waiter in waiters { waiter.resume(returning: .inspect(count)) }
    }

    // MARK: Live moves

    /// Registers a new event stream and returns its key. Beyond `limit` streams the oldest is told
    /// to end (its wait answers ``OpenPages/Wait/replaced``). Pair with ``closeStream(_:)``.
    func openStream(limit: Int) -> Int {
        let (key, replaced) = apply { $0.pages.openStream(limit: limit) }
        for waiter in replaced { waiter.resume(returning: .replaced) }
        return key
    }

    /// Whether a page of this session listens for live moves now.
    var hasOpenStreams: Bool { read(\.pages.hasOpenStreams) }

    /// Unregisters the event stream `key`: it ended.
    func closeStream(_ key: Int) {
        apply { $0.pages.closeStream(key) }
    }

    /// Waits, for the event stream `stream`, until a page newer than version `after` is published
    /// (or, if this session ended, until then), at most `timeout`; or, when no move is coming, until
    /// what the inspector shows changed more than `inspected` times. `scheduleRefresh` is called
    /// when the published page is out of date and no refresh is coming.
    func waitForMove(
        stream key: Int, after: Int, inspected: Int = .max, timeout: Duration, scheduleRefresh: @Sendable () -> Void
    ) async -> OpenPages.Wait {
        await withTaskGroup(of: Void.self) { group in
            // The keep-alive timer is a child task: it ends with the wait, whichever ends first.
            group.addTask { [weak self] in
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                self?.stopWaiting(key, with: .idle)
            }
            let wait = await waitForMove(stream: key, after: after, inspected: inspected, scheduleRefresh)
            group.cancelAll()
            return wait
        }
    }

    private func waitForMove(
        stream key: Int, after: Int, inspected: Int, _ scheduleRefresh: @Sendable () -> Void
    ) async -> OpenPages.Wait {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (immediate, needsRefresh) = apply { machine in
                    machine.pages.wait(
                        stream: key, after: after, inspected: inspected, isOver: machine.isOver,
                        isCancelled: Task.isCancelled, continuation: continuation)
                }
                if let immediate { continuation.resume(returning: immediate) }
                if needsRefresh { scheduleRefresh() }
            }
        } onCancel: {
            stopWaiting(key, with: .cancelled)
        }
    }

    private func stopWaiting(_ key: Int, with wait: OpenPages.Wait) {
        apply { $0.pages.stopWaiting(key) }?.resume(returning: wait)
    }
}
