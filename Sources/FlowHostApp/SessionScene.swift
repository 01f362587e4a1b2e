import FlowCore
import HTMLPresenter

/// What one browser session runs on the main actor: a window, the coordinator of the app's root
/// flow, and the click path of everything done in it. Every change goes through here, so the path
/// is complete; a fresh scene that replays it reaches the same window tree.
///
/// Tests and tools drive one without a server:
///
/// ```swift
/// let scene = SessionScene(app: app)
/// await scene.settle()
/// let open = scene.window.updatedScreenTree().action("step movieDetail(id: 2)")!
/// _ = try await scene.perform(open.token)
/// await scene.settle()
/// let (copy, replay) = await SessionScene.replaying(scene.clickPath, app: app)  // copy shows what scene shows
/// ```
@MainActor
public final class SessionScene {
    /// The window the app's flows show their screens in.
    public let window: HTMLWindow
    /// The coordinator of the app's root flow; nil once the scene is closed.
    public private(set) var coordinator: FlowCoordinator?
    /// Everything done in this scene so far, up to ``maxPathEntries`` entries.
    public private(set) var clickPath = ClickPath()
    /// At most this many entries are recorded (a session's memory, a share, a store's row stay
    /// bounded); what is done after that is not (see ``isPathFull``).
    public let maxPathEntries: Int
    /// The path reached ``maxPathEntries`` and something was done after it: the path no longer
    /// describes what the window shows, so the session can no longer be shared, and it would come
    /// back from a restart at the path's end.
    public private(set) var isPathFull = false
    /// Told when a bound kept something from being recorded (a value too long, the path full),
    /// for the log.
    package var onLimit: ((RecordingLimit) -> Void)?
    private let deepLinks: DeepLinks
    private var loggedSequence = 0
    /// The person's actions that opened the screens of this window, by the screen each opened:
    /// what Forward takes again (see ``revisit(_:)``). Bounded by ``maxOpenings``.
    var openings = Openings(limit: SessionScene.maxOpenings)
    /// The action just taken, until the next change shows which screen it opened.
    var pendingOpening: Opening.Pending?

    /// Starts `app`'s root flow in a new window, whose versions continue after `version` (the
    /// window of a scene this one replaces, so that its pages are never taken for current), and
    /// records at most `maxPathEntries` entries.
    public init(app: WebApp, versionsAfter version: Int = 0, maxPathEntries: Int = 2000) {
        precondition(maxPathEntries >= 0, "maxPathEntries cannot be negative")
        window = HTMLWindow(versionsAfter: version)
        deepLinks = app.deepLinks
        self.maxPathEntries = maxPathEntries
        coordinator = app.start(window)
        window.clock.onLiveMove = { [weak self] in
            self?.noteOpening()
            self?.record(.liveMove)
        }
    }

    // MARK: Changes

    /// Runs the on-screen action `token` with `fields`, and records it by its position with the
    /// fields it took: those its form declares, secret ones marked (see
    /// `HTMLWindow/perform(_:fields:)`).
    ///
    /// - Throws: `ActionError` for a token that is not on screen; nothing is recorded. Values
    ///   too long to take are refused with field errors, and nothing is recorded either.
    public func perform(_ token: String, fields: FormFields = FormFields()) async throws(ActionError) -> ActionResult {
        // A token of the current capture has a position; the action is recorded before it runs,
        // so that what it sets off comes after it in the path.
        noteOpening()
        let from = window.visibleScreenID
        return try await window.perform(
            token, fields: fields,
            willRun: { taken, position in
                guard let position else { return }
                record(.action(position, fields: taken))
                if let from { pendingOpening = Opening.Pending(position: position, fields: taken, from: from) }
            },
            refused: { _ in onLimit?(.valueTooLong) })
    }

    /// Brings the screen `id` back, as the browser's Back or Forward does; returns false, changing
    /// and recording nothing, when the window no longer holds it or it is on top already.
    @discardableResult
    public func reveal(_ id: ScreenID) -> Bool {
        noteOpening()
        guard window.visibleScreenID != id, let position = window.position(of: id),
            window.reveal(id)
        else { return false }
        record(.reveal(position))
        return true
    }

    /// Opens the deep link `path` (what follows `/link/`, percent-decoded); returns false, changing
    /// and recording nothing, when the app maps it to no step.
    @discardableResult
    public func openLink(_ path: String) -> Bool {
        noteOpening()
        guard let step = deepLinks.step(for: path), let coordinator else { return false }
        record(.deepLink(path))
        coordinator.navigate(to: step)
        return true
    }

    /// Waits, at most `timeout`, for the steps in flight to be navigated.
    public func settle(timeout: Duration = .seconds(1)) async {
        await coordinator?.waitUntilIdle(timeout: timeout)
    }

    // MARK: Replay

    /// A fresh scene of `app` that replays `path`: the one way a scene is built from a click path
    /// (a session rebuilt from the store, a share link opened, "Back to here", the crawler).
    ///
    /// - Parameters:
    ///   - path: The click path to replay.
    ///   - app: The app whose fresh window the path is replayed in.
    ///   - versionsAfter: The version of the window this scene replaces, if any (see
    ///     ``init(app:versionsAfter:maxPathEntries:)``).
    ///   - maxPathEntries: At most this many entries are recorded (see ``maxPathEntries``).
    ///   - settleTimeout: How long each entry may take to settle (see
    ///     ``replay(_:settleTimeout:holdingWaits:afterEach:)``).
    ///   - prepare: Called with the fresh scene before the replay (to follow its window's changes).
    ///   - holdingWaits: See ``replay(_:settleTimeout:holdingWaits:afterEach:)``.
    ///   - yielding: Whether to let other work on the main actor run between entries (a crawl,
    ///     which must not hold up the sessions of the server it runs in).
    /// - Returns: The scene, and how far the replay went: the scene's own path is the part that fit.
    public static func replaying(
        _ path: ClickPath, app: WebApp, versionsAfter: Int = 0, maxPathEntries: Int = 2000,
        settleTimeout: Duration = .seconds(1), holdingWaits: Bool = false, yielding: Bool = false,
        prepare: (SessionScene) -> Void = { _ in }
    ) async -> (scene: SessionScene, replay: Replay) {
        let scene = SessionScene(app: app, versionsAfter: versionsAfter, maxPathEntries: maxPathEntries)
        prepare(scene)
        let replay = await scene.replay(path, settleTimeout: settleTimeout, holdingWaits: holdingWaits) { _ in
            if yielding { await Task.yield() }
        }
        return (scene, replay)
    }

    /// How far a replay went.
    public struct Replay: Sendable, Equatable {
        /// The entries replayed, from the start.
        public let replayed: Int
        /// The entries of the path.
        public let total: Int
        /// Why it stopped early, naming the first entry that no longer fits; nil when all fit.
        public let stoppedBecause: String?
    }

    /// Replays `path` in this scene, which must be fresh: each entry is done as recorded, its
    /// waits taking no time, until the end or the first entry that no longer fits the app (a
    /// screen or action that is not where it was). Never acts on a different button than the one
    /// recorded. The scene's own path is then the part that fit. `afterEach` is called once an
    /// entry is done and navigation settled, with the number of entries done so far. With
    /// `holdingWaits`, the clock goes on holding waits afterwards (the crawler acts on from there
    /// without real time passing); else it keeps real time again.
    public func replay(
        _ path: ClickPath, settleTimeout: Duration = .seconds(1), holdingWaits: Bool = false,
        afterEach: (_ replayed: Int) async -> Void = { _ in }
    ) async -> Replay {
        window.clock.beginReplay()
        defer { if !holdingWaits { window.clock.endReplay() } }
        await settle(timeout: settleTimeout)
        for (index, entry) in path.entries.enumerated() {
            if let problem = await replay(entry, settleTimeout: settleTimeout) {
                return Replay(
                    replayed: index, total: path.entries.count,
                    stoppedBecause: "step \(index + 1) of \(path.entries.count) (\(entry)) \(problem)")
            }
            await settle(timeout: settleTimeout)
            await afterEach(index + 1)
        }
        return Replay(replayed: path.entries.count, total: path.entries.count, stoppedBecause: nil)
    }

    /// With the window's clock holding waits (a replay, or a test that called
    /// `window.clock.beginReplay()`): ends the wait due first, as if its time had come, records the
    /// live move and waits, at most `settleTimeout`, until the coordinator has the step it led to
    /// (navigated or dropped). Returns false, recording nothing, when no wait began within
    /// `timeout` (the task that waits may not have run yet when this is called).
    public func liveMove(within timeout: Duration = .seconds(1), settleTimeout: Duration = .seconds(1)) async -> Bool {
        let logged = coordinator?.log.last?.sequence
        let deadline = ContinuousClock.now + timeout
        while !window.clock.fireEarliestWait() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        noteOpening()
        record(.liveMove)
        let settled = ContinuousClock.now + settleTimeout
        while coordinator?.log.last?.sequence == logged, ContinuousClock.now < settled {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// Does `entry`; returns why it does not fit, or nil when it was done.
    private func replay(_ entry: ClickPath.Entry, settleTimeout: Duration) async -> String? {
        switch entry {
        case .action(let position, let fields):
            guard let token = window.token(at: position) else { return "is not on screen" }
            do {
                _ = try await perform(token, fields: fields)
            } catch {
                return "was refused: \(error)"
            }
        case .reveal(let position):
            guard let id = window.screenID(at: position) else { return "is not in the window" }
            // Already on top fits too: the path records it all the same.
            if !reveal(id) { record(entry) }
        case .deepLink(let path):
            guard openLink(path) else { return "opens no screen of this app" }
        case .liveMove:
            guard await liveMove(within: settleTimeout, settleTimeout: settleTimeout) else {
                return "has no wait to end"
            }
        }
        return nil
    }

    // MARK: Recording

    /// Appends `entry` to the path, unless the path is full.
    private func record(_ entry: ClickPath.Entry) {
        guard clickPath.entries.count < maxPathEntries else {
            if !isPathFull { onLimit?(.pathFull(maxPathEntries)) }
            isPathFull = true
            return
        }
        clickPath.entries.append(entry)
    }

    // MARK: Log and end

    /// The navigation log entries recorded since the last call, for the step log.
    package func newLogEntries() -> [NavigationLogEntry] {
        guard let coordinator else { return [] }
        let entries = coordinator.log(after: loggedSequence)
        loggedSequence = entries.last?.sequence ?? loggedSequence
        return entries
    }

    /// Releases the window's tree and the coordinator: the session ended (or the crawler is done
    /// with the scene). Nothing can be done in it afterwards.
    public func close() {
        window.onChange = nil
        window.clock.onLiveMove = nil
        window.rootViewController = nil
        coordinator = nil
    }
}
