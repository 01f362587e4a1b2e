import FlowHostApp
import HTMLPresenter
import Synchronization

/// One browser session: its life (``SessionLife``), its scene on the main actor, its request queue,
/// and the page it last published (read without the main actor on the fast path).
final class Session: Sendable {
    /// What waiting for a live move gave.
    enum Wait: Sendable, Equatable {
        /// The page should go to this URL.
        case move(String)
        /// Nothing happened in the interval: send a keep-alive and wait again.
        case idle
        /// The stream was cancelled (the client left, the server shuts down).
        case cancelled
        /// The session opened more streams than it may keep and this one is the oldest: it ends.
        case replaced
        /// What the inspector shows changed (a step logged) without a move coming: the page's
        /// inspector should ask again. The number counts such changes.
        case inspect(Int)
    }

    private struct Watcher {
        let after: Int
        let inspected: Int
        let continuation: CheckedContinuation<Wait, Never>
    }

    private struct State {
        var page: PublishedPage?
        /// The window's version as last heard of: the published page is current while its version
        /// is this one.
        var latestVersion = 0
        /// The event streams this session follows, oldest first; an open stream not listed here was
        /// replaced by a newer one.
        var streams: [Int] = []
        /// The wait of each stream waiting for a move.
        var watchers: [Int: Watcher] = [:]
        var nextStream = 0
        /// A refresh of the published page is on its way (it captures the latest version).
        var isRefreshScheduled = false
        var life: SessionLife
        /// How many times what the inspector shows changed.
        var inspectorChanges = 0
        var lastUsed: ContinuousClock.Instant
        /// When the store last marked this session used (an append, or ``SessionHost/keepReadSessionsStored(now:)``).
        var lastStored: ContinuousClock.Instant
        /// The longest path length a browser said it saw (``Request/seenPathLength``) for which the
        /// store was read since: a GET claiming no more is not sent to the store again.
        var checkedPathLength = 0
    }

    let id: SessionID
    let queue = RequestQueue()
    /// The window, coordinator and click path while the session is live; nil otherwise.
    @MainActor var scene: SessionScene?
    /// One line the next page shows (a replay that stopped early says where), then forgets.
    @MainActor var notice: String?
    /// The random tag of the scene's window in the action tokens it issues (``ActionToken/scene``).
    @MainActor var sceneTag: UInt16 = 0
    /// The key of the page whose tokens the scene issues now: one HMAC a page
    /// (``ActionToken/PageKey``), kept here rather than in a box of the issuer's own.
    @MainActor var pageKey: ActionToken.PageKey?
    /// The action positions, by capture position, of the page before the path's last entry, as
    /// ``SessionHost/isRetry(capturePosition:posted:after:of:)`` rebuilt it for that path length.
    @MainActor var pageBeforeLast: (pathLength: Int, actions: [ActionPosition?])?

    /// Releases the session's window and coordinators (its scene), when it still has them.
    @MainActor func releaseScene() {
        scene?.close()
        scene = nil
    }
    private let state: Mutex<State>

    /// A session whose life begins as `life`: ``SessionLife/started`` for a new one,
    /// ``SessionLife/hibernated`` for one named by a cookie that its stored path may rebuild.
    init(id: SessionID, life: SessionLife = .started, now: ContinuousClock.Instant) {
        self.id = id
        state = Mutex(State(life: life, lastUsed: now, lastStored: now))
    }

    // MARK: Life

    /// Where the session is now, and how much of its path is stored.
    var life: SessionLife { state.withLock(\.life) }

    /// Moves the session's life by `event`, under the session's lock, and returns what it says to do.
    func changeLife<Action>(_ event: (inout SessionLife) -> Action) -> Action {
        state.withLock { event(&$0.life) }
    }

    // MARK: Use

    /// When a request last used this session.
    var lastUsed: ContinuousClock.Instant { state.withLock(\.lastUsed) }

    func touch(_ now: ContinuousClock.Instant) {
        state.withLock { $0.lastUsed = now }
    }

    /// When the store last marked this session used.
    var lastStored: ContinuousClock.Instant { state.withLock(\.lastStored) }

    /// The longest path length a browser said it saw that the store was read for.
    var checkedPathLength: Int { state.withLock(\.checkedPathLength) }

    /// The store was read because a browser said it saw `length` entries.
    func checked(pathLength length: Int) {
        state.withLock { $0.checkedPathLength = max($0.checkedPathLength, length) }
    }

    /// The store marked this session used at `now`.
    func markStored(_ now: ContinuousClock.Instant) {
        state.withLock { $0.lastStored = now }
    }

    // MARK: The published page

    /// The published page, if it still shows what is on screen.
    var freshPage: PublishedPage? {
        state.withLock { state in state.page.flatMap { $0.version == state.latestVersion ? $0 : nil } }
    }

    /// The window's version as last heard of.
    var latestVersion: Int { state.withLock(\.latestVersion) }

    /// The published page, fresh or not.
    var lastPage: PublishedPage? { state.withLock(\.page) }

    /// Called on the main actor when the window's version moved to `version`. Returns whether the
    /// caller should schedule a refresh (open pages wait for a move, none is scheduled).
    func windowDidChange(to version: Int) -> Bool {
        state.withLock { state in
            state.latestVersion = max(state.latestVersion, version)
            guard !state.watchers.isEmpty, !state.isRefreshScheduled, !state.life.isOver else { return false }
            state.isRefreshScheduled = true
            return true
        }
    }

    /// Called by a scheduled refresh when it starts.
    func refreshDidStart() {
        state.withLock { $0.isRefreshScheduled = false }
    }

    /// Makes `page` the published page, unless a newer one is published, and moves the open pages
    /// that show an older version.
    func publish(_ page: PublishedPage) {
        let moved = state.withLock { state -> [CheckedContinuation<Wait, Never>] in
            guard state.page.map({ $0.version <= page.version }) ?? true else { return [] }
            state.page = page
            state.latestVersion = max(state.latestVersion, page.version)
            let due = state.watchers.filter { $0.value.after < page.version }
            for key in due.keys { state.watchers[key] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in moved { continuation.resume(returning: .move(page.url)) }
    }

    // MARK: The inspector

    /// How many times what the inspector shows changed so far.
    var inspectorChanges: Int { state.withLock(\.inspectorChanges) }

    /// Called on the main actor when what the inspector shows changed (a step was logged): the open
    /// pages that expect no move are told.
    func inspectorDidChange() {
        let told = state.withLock { state -> [(CheckedContinuation<Wait, Never>, Int)] in
            state.inspectorChanges += 1
            let due = state.watchers.filter {
                $0.value.after >= state.latestVersion && $0.value.inspected < state.inspectorChanges
            }
            for key in due.keys { state.watchers[key] = nil }
            return due.values.map { ($0.continuation, state.inspectorChanges) }
        }
        for (continuation, count) in told { continuation.resume(returning: .inspect(count)) }
    }

    // MARK: Live moves

    /// Registers a new event stream and returns its key. Beyond `limit` streams the oldest is told
    /// to end (its wait answers ``Wait/replaced``). Pair with ``closeStream(_:)``.
    func openStream(limit: Int) -> Int {
        let (key, replaced) = state.withLock { state -> (Int, [CheckedContinuation<Wait, Never>]) in
            state.nextStream += 1
            state.streams.append(state.nextStream)
            var replaced: [CheckedContinuation<Wait, Never>] = []
            while state.streams.count > limit {
                let oldest = state.streams.removeFirst()
                if let watcher = state.watchers.removeValue(forKey: oldest) { replaced.append(watcher.continuation) }
            }
            return (state.nextStream, replaced)
        }
        for continuation in replaced { continuation.resume(returning: .replaced) }
        return key
    }

    /// Whether a page of this session listens for live moves now.
    var hasOpenStreams: Bool { state.withLock { !$0.streams.isEmpty } }

    /// Unregisters the event stream `key`: it ended.
    func closeStream(_ key: Int) {
        state.withLock { $0.streams.removeAll { $0 == key } }
    }

    /// Waits, for the event stream `stream`, until a page newer than version `after` is published
    /// (or, if this session ended, until then), at most `timeout`; or, when no move is coming, until
    /// what the inspector shows changed more than `inspected` times. `scheduleRefresh` is called
    /// when the published page is out of date and no refresh is coming.
    func waitForMove(
        stream key: Int, after: Int, inspected: Int = .max, timeout: Duration, scheduleRefresh: @Sendable () -> Void
    ) async -> Wait {
        await withTaskGroup(of: Void.self) { group in
            // The keep-alive timer is a child task: it ends with the wait, whichever ends first.
            group.addTask { [weak self] in
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                self?.resumeWatcher(key, with: .idle)
            }
            let wait = await waitForMove(stream: key, after: after, inspected: inspected, scheduleRefresh)
            group.cancelAll()
            return wait
        }
    }

    private func waitForMove(
        stream key: Int, after: Int, inspected: Int, _ scheduleRefresh: @Sendable () -> Void
    ) async -> Wait {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (immediate, needsRefresh) = state.withLock { state -> (Wait?, Bool) in
                    if state.life.isOver { return (.move(FlowHostRoute.root.url), false) }
                    if Task.isCancelled { return (.cancelled, false) }
                    if !state.streams.contains(key) { return (.replaced, false) }
                    if let page = state.page, page.version > after { return (.move(page.url), false) }
                    if state.inspectorChanges > inspected, state.latestVersion <= after {
                        return (.inspect(state.inspectorChanges), false)
                    }
                    state.watchers[key] = Watcher(after: after, inspected: inspected, continuation: continuation)
                    let needsRefresh = state.page?.version != state.latestVersion && !state.isRefreshScheduled
                    if needsRefresh { state.isRefreshScheduled = true }
                    return (nil, needsRefresh)
                }
                if let immediate { continuation.resume(returning: immediate) }
                if needsRefresh { scheduleRefresh() }
            }
        } onCancel: {
            resumeWatcher(key, with: .cancelled)
        }
    }

    private func resumeWatcher(_ key: Int, with wait: Wait) {
        state.withLock { $0.watchers.removeValue(forKey: key) }?.continuation.resume(returning: wait)
    }

    // MARK: End

    /// Ends the session (``SessionLife/end()``): open pages are sent to `/` (a new session).
    /// Returns whether its stored path must now be forgotten (false when it was over already). The
    /// scene is released by the caller on the main actor.
    @discardableResult
    func end() -> Bool {
        leave { $0.end() }
    }

    /// The server stops (``SessionLife/stop()``): open pages are sent to `/`, where the next
    /// process rebuilds the session from its stored path.
    func stop() {
        leave { $0.stop() }
    }

    /// The session leaves memory, its whole path stored (``SessionLife/hibernated()``).
    func hibernate() {
        leave { $0.hibernated() }
    }

    private func leave<Result>(_ change: (inout SessionLife) -> Result) -> Result {
        let (result, watchers) = state.withLock { state in
            defer { state.watchers = [:] }
            return (change(&state.life), state.watchers.values.map(\.continuation))
        }
        for continuation in watchers { continuation.resume(returning: .move(FlowHostRoute.root.url)) }
        return result
    }
}
