import FlowHostApp
import HTMLPresenter
import Logging

/// Where the host performs what a session's events return (``SessionStateMachine``): it starts
/// sessions, rebuilds them from their stored paths, replaces their scenes, lets them hibernate and
/// ends them. A scene is built from a click path one way only (``buildScene(of:from:versionsAfter:stoppedNotice:)``).
extension SessionHost {
    /// A scene made for a session, wired to it, and how far its replay went (nil: none ran).
    struct BuiltScene: Sendable {
        let scene: SessionScene
        /// The tag of its window's action tokens.
        let tag: UInt16
        let replay: SessionScene.Replay?
        /// What its first page says: where the replay stopped, if it did.
        let notice: String?
    }

    // MARK: Starting

    /// A new session with its root flow started, in the pool of new sessions; the oldest new ones
    /// go if over its bound. Given a share link's id and path, the session starts by replaying the
    /// path, and the store keeps it as starting from the share (nothing of the path is copied);
    /// given a path to replay (a comment's, a study tester's), it starts there and stores it as its
    /// own, saying `replayNotice` when the path no longer fits all the way.
    func startSession(
        fromShare share: (id: String, path: ClickPath)? = nil, replaying path: ClickPath? = nil,
        replayNotice: String = "Opened as far as the comment's clicks still fit this prototype"
    ) async -> Session {
        await loadTokenKey()
        let id = SessionID.random()
        let session = Session(id: id, digest: paths.sessionDigest(of: id.description), machine: .starting(now: .now))
        let built: BuiltScene
        var stored = Session.StateMachine.Stored.entries(0)
        if let share {
            built = await buildScene(
                of: session, from: share.path, stoppedNotice: "Opened as far as its clicks still fit this prototype")
            stored = await storeStart(of: session, fromShare: share.id, replay: built.replay)
        } else if let path {
            // A comment's or a tester's state: the path is the session's own, stored with its first page.
            built = await buildScene(of: session, from: path, stoppedNotice: replayNotice)
        } else {
            built = await makeScene(for: session)
        }
        let evicted = store.transition(session) {
            $0.started(scene: built.scene, tag: built.tag, stored: stored, notice: built.notice, now: .now)
        }.evicted
        if !evicted.isEmpty {
            newSessionsFull.hit(logger)
            await close(evicted)
        }
        return session
    }

    /// Rebuilds a hibernated session from its stored path (call it in the session's queue); returns
    /// whether the session is live. One with nothing stored is discarded, or with `startsUnstored`
    /// starts afresh (another process started it and it did nothing yet).
    /// - Throws: ``ClickPathStoreError/unavailable(reason:)`` when the store cannot be read: the
    ///   session is left as it is stored, for the next request to rebuild.
    func rebuild(_ session: Session, startsUnstored: Bool) async throws(ClickPathStoreError) -> Bool {
        // A tester goes on with their study. One with nothing stored (a task at the app's start,
        // before their first click) starts it afresh: discarded, they would lose their study.
        let studyRunRead: Result<StudyRun?, ClickPathStoreError>
        do { studyRunRead = .success(try await storedStudyRun(of: session)) } catch { studyRunRead = .failure(error) }
        let studyRun = try? studyRunRead.get()
        switch session.apply({ $0.admit(startsUnstored: startsUnstored || studyRun != nil) }) {
        case .serve: return true
        case .refuse: return false
        case .rebuild: break
        }
        if case .failure(let error) = studyRunRead { throw unread(session, error) }
        await loadTokenKey()
        let metadata: Logger.Metadata = ["session": "\(session.id.short)"]
        var stored: ClickPath?
        do {
            stored = try await paths.path(ofSession: session.id.description)
        } catch ClickPathStoreError.unavailable(let reason) {
            throw unread(session, .unavailable(reason: reason))
        } catch {
            logger.warning("click path store: \(error)", metadata: metadata)
        }
        let start = ContinuousClock.now
        let built: BuiltScene
        switch store.transition(session, { $0.read(stored: stored?.entries.count) }).action {
        case .discard:
            return false
        case .startAfresh:
            built = await makeScene(for: session)
        case .replay:
            built = await buildScene(
                of: session, from: stored ?? ClickPath(),
                stoppedNotice: "Rebuilt as far as its clicks still fit this prototype")
        }
        if let studyRun {
            session.studyRun.withLock { $0 = studyRun }
            await boundLog(of: session)
        }
        let (action, evicted) = store.transition(session) {
            $0.rebuilt(
                scene: built.scene, tag: built.tag, replayed: built.replay?.replayed ?? 0, notice: built.notice,
                now: .now)
        }
        switch action {
        case .removeStoredPath:
            // The store keeps what the session now is: the part of the path that fit.
            logger.warning("replay stopped at \(built.replay?.stoppedBecause ?? "")", metadata: metadata)
            await forgetStoredPath(of: session)
        case .none:
            break
        }
        if let replay = built.replay {
            logger.info(
                "rebuilt from \(replay.replayed) of \(replay.total) clicks in \(ContinuousClock.now - start)",
                metadata: metadata)
        }
        if !evicted.isEmpty { await close(evicted) }
        return !session.isOver
    }

    /// The store could not be read to rebuild `session`, which is being rebuilt: it is unlisted
    /// (``SessionStateMachine/readFailed()``), for the next request naming it to read again.
    /// Returns what to throw.
    private func unread(_ session: Session, _ error: ClickPathStoreError) -> ClickPathStoreError {
        if case .unavailable(let reason) = error { storeIsUnavailable(reason) }
        _ = store.transition(session) { $0.readFailed() }
        return error
    }

    // MARK: Scenes

    /// The one way a session gets a scene from a click path (a rebuild, a share link, "Back to
    /// here", an undo, another process's change): a fresh scene wired to the session replays
    /// `path`. Where the replay stopped early the next page says so, after `stoppedNotice`.
    @MainActor
    func buildScene(
        of session: Session, from path: ClickPath, versionsAfter version: Int = 0, stoppedNotice: String
    ) async -> BuiltScene {
        let tag = UInt16.random(in: .min ... .max)
        let (scene, replay) = await SessionScene.replaying(
            path, app: app, versionsAfter: version, maxPathEntries: configuration.maxClickPathEntries,
            settleTimeout: configuration.settleTimeout
        ) { wire($0, to: session, tag: tag) }
        return BuiltScene(
            scene: scene, tag: tag, replay: replay, notice: replay.stoppedBecause.map { "\(stoppedNotice): \($0)." })
    }

    /// A fresh scene of the app's start, wired to the session.
    @MainActor
    private func makeScene(for session: Session) -> BuiltScene {
        let tag = UInt16.random(in: .min ... .max)
        let scene = SessionScene(app: app, maxPathEntries: configuration.maxClickPathEntries)
        wire(scene, to: session, tag: tag)
        return BuiltScene(scene: scene, tag: tag, replay: nil, notice: nil)
    }

    /// Lets the session follow its scene: a changed window refreshes the pages that wait for a
    /// move, a logged step tells the inspector, a bound that keeps something from the click path
    /// is logged. The scene's log keeps what the session's inspector shows, no more
    /// (``logCapacity(of:)``).
    @MainActor
    private func wire(_ scene: SessionScene, to session: Session, tag: UInt16) {
        scene.coordinator?.logCapacity = logCapacity(of: session)
        issueSignedTokens(in: scene, of: session, tag: tag)
        scene.onLimit = { [weak self] limit in
            guard let self else { return }
            switch limit {
            case .valueTooLong: valuesTooLong.hit(logger)
            case .pathFull: pathsFull.hit(logger)
            }
        }
        scene.window.onChange = { [weak self, weak session] version in
            guard let self, let session, session.windowDidChange(to: version) else { return }
            self.scheduleRefresh(session)
        }
        if configuration.showsInspector {
            scene.coordinator?.onLogEntry = { [weak session] _ in session?.inspectorDidChange() }
        }
    }

    /// Replaces the live session's scene, for `reason`, with a fresh one that replays the path
    /// `path` makes of its current one (nil: nothing to replace, nothing changes). The old scene is
    /// closed first; the new one's versions follow its. Returns false when the session is not live
    /// or `path` gave nothing. Call it inside the session's queue.
    @MainActor
    @discardableResult
    func replaceScene(
        of session: Session, because reason: Session.StateMachine.Replacement, stoppedNotice: String,
        path: @Sendable (ClickPath) -> ClickPath?
    ) async -> Bool {
        guard let current = session.scene, let path = path(current.clickPath) else { return false }
        let version = current.window.version
        let old: SessionScene
        switch session.apply({ $0.replacing(reason) }) {
        case .replace(let scene, let removesStoredPath):
            old = scene
            if removesStoredPath { await forgetStoredPath(of: session) }
        case .gone:
            return false
        }
        old.close()
        let built = await buildScene(of: session, from: path, versionsAfter: version, stoppedNotice: stoppedNotice)
        let replayed = built.replay?.replayed ?? 0
        switch session.apply({
            $0.replaced(scene: built.scene, tag: built.tag, replayed: replayed, notice: built.notice)
        }) {
        case .store(.removeStoredPath): await forgetStoredPath(of: session)
        case .store(.none): break
        case .close(let scene): scene.close()
        }
        return true
    }

    /// Undoes a change the store could not take: the session's scene is rebuilt from the first
    /// `stored` entries of its path (those stored), in memory, without the store. Call it in the
    /// session's queue.
    func undo(_ session: Session, toStoredEntries stored: Int) async {
        _ = await replaceScene(
            of: session, because: .undo(stored: stored),
            stoppedNotice: "Undone as far as its clicks still fit this prototype"
        ) { ClickPath(Array($0.entries.prefix(stored))) }
    }

    // MARK: Leaving

    /// Performs the leaving of sessions the store ended (idle, evicted): their open pages move to
    /// `/`, their coordinator trees are released and their click paths leave the store. Until they
    /// have, a request naming one is told it ended (``SessionStore`` lists them as leaving).
    func close(_ ended: [SessionStore.Ended]) async {
        for session in ended { Session.movePages(session.leave.pages) }
        let scenes = ended.compactMap(\.leave.scene)
        // A tester who leaves mid-task bounced: what they did keeps (read before the windows close).
        let testers = ended.filter(\.session.isTester)
        if !testers.isEmpty {
            let paths = await MainActor.run { testers.map { ($0.session, $0.leave.scene?.clickPath) } }
            await keepTasksUnderWay(of: paths)
        }
        if !scenes.isEmpty {
            await MainActor.run {
                for scene in scenes { scene.close() }
            }
        }
        let forgetting = ended.filter(\.leave.forgetsStoredPath).map(\.session.id.description)
        if !forgetting.isEmpty {
            do {
                try await paths.removeSessions(forgetting)
            } catch {
                logger.warning("click path store: \(error)")
            }
        }
        store.forgotten(ended.map(\.session))
    }

    /// At most this long is spent releasing windows when the server stops (see ``stopSessions()``).
    static let stopReleaseBudget = Duration.seconds(1)

    /// The server stops, which is not ending: the click paths stay stored, so the sessions come
    /// back. Their open pages' streams end at once (so that the HTTP server can finish), then their
    /// windows are released on the main actor in batches, yielding between them, for at most
    /// ``stopReleaseBudget``: the rest is left to the process's exit, as on a cancelled stop.
    /// Releasing a window dismisses every screen of it, which ends its flows (0.4 to 1 ms a
    /// session in a debug build on the shared machine): a server holding 100,000 sessions took
    /// more than 30 s to stop under load, for memory the exit frees at once.
    func stopSessions() async {
        // A tester's run lives in memory: what they did in their task under way keeps, written
        // once the streams ended (their windows' paths read before those leave).
        let testers = store.all.filter(\.isTester)
        let testerPaths = testers.isEmpty ? [] : await MainActor.run { testers.map { ($0, $0.scene?.clickPath) } }
        let leaving = store.stopAll()
        for session in leaving { Session.movePages(session.pages) }
        await keepTasksUnderWay(of: testerPaths)
        let scenes = leaving.compactMap(\.scene)
        let deadline = ContinuousClock.now + Self.stopReleaseBudget
        for start in stride(from: 0, to: scenes.count, by: 100) {
            guard !Task.isCancelled, ContinuousClock.now < deadline else {
                // Held, not dropped: dropped, they were freed here all the same (half the time).
                leftAtStop.withLock { $0 = Array(scenes[start...]) }
                logger.info("stopping: \(scenes.count - start) sessions' windows left to the process's exit")
                return
            }
            let batch = scenes[start..<min(start + 100, scenes.count)]
            await MainActor.run {
                for scene in batch { scene.close() }
            }
            await Task.yield()
        }
    }

    /// Lets the sessions unused for ``WebHostConfiguration/hibernateAfter`` leave memory, when their
    /// whole click path is stored and no page of theirs listens for live moves; returns how many.
    @discardableResult
    func hibernateUnusedSessions() async -> Int {
        let interval = configuration.hibernateAfter
        guard interval < configuration.idleTimeout else { return 0 }
        var count = 0
        for session in store.sessions(unusedFor: interval, now: .now) where !session.hasOpenStreams {
            // In the session's queue: no request of it is halfway through.
            let hibernated = try? await session.queue.run { () async -> Bool in
                let path = await MainActor.run { session.scene?.clickPath }
                guard let pathCount = path?.entries.count, session.read({ $0.mayHibernate(pathCount: pathCount) }),
                    // Its time in the store counts from now.
                    await markUsed(session, pathCount: pathCount)
                else { return false }
                // A tester's task under way is in the store before they leave memory; the store
                // brings their study back with the session (restoreStudyRun(of:)).
                if session.isTester { await keepTasksUnderWay(of: [(session, path)]) }
                guard let leave = store.hibernate(session, pathCount: pathCount, unusedFor: interval, now: .now)
                else { return false }
                Session.movePages(leave.pages)
                await MainActor.run { leave.scene?.close() }
                return true
            }
            if hibernated == true { count += 1 }
        }
        return count
    }

    /// Ends the sessions idle past the timeout, in memory and in the click path store (a session
    /// that hibernated was unused for ``WebHostConfiguration/hibernateAfter`` before it left
    /// memory, so it ends that much sooner there), then sweeps the expired shares no session
    /// refers to any more; returns how many sessions ended.
    @discardableResult
    func closeIdleSessions() async -> Int {
        let idle = store.removeIdle(now: .now)
        await close(idle)
        let timeout = configuration.idleTimeout
        let stored = timeout - min(configuration.hibernateAfter, timeout)
        var ended = idle.count
        await keepReadSessionsStored(now: .now)
        do {
            ended += try await paths.removeSessions(unusedFor: stored, keeping: store.ids)
            let expired = try await paths.removeExpiredShares()
            if expired > 0 { logger.info("share links: \(expired) expired and removed") }
        } catch {
            logger.warning("click path store: \(error)")
        }
        return ended
    }
}
