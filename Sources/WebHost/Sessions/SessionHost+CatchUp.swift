import FlowHostApp
import HTMLPresenter
import NIOCore

/// Several processes serving one set of sessions from one store: a copy of a session this process
/// holds is brought up to what the store has when another process changed it, whether a browser
/// says so (it saw a longer path than the copy has) or the store's change stream does
/// (``ClickPathStore/changes()``), and the pages this process streams to move to the result.
extension SessionHost {
    /// GET of a screen (`screen`) or of whatever is on top (nil), for a browser that says it saw
    /// `seenPathLength` entries of the session's path: the published page when it is fresh (no
    /// main actor, no queue), else rendered in the session's queue after a change that brings
    /// `screen` back on screen. A browser that saw a longer path than this copy holds (another
    /// process answered its last action) gets the copy rebuilt from the store first; the store is
    /// read once for a length (a made-up cookie does not send every GET to the store).
    func show(
        _ screen: ScreenID?, of session: Session, seenPathLength: Int?, clientGone: EventLoopFuture<Void>?
    ) async throws -> Outcome {
        let catchingUp: Bool
        switch session.read({ $0.servedPage(showing: screen, seenPathLength: seenPathLength) }) {
        case .published(let page, let pathLength): return .page(page, action: nil, pathLength: pathLength)
        case .render(let behind): catchingUp = behind
        }
        return try await session.queue.run(clientGone: clientGone) { () throws(RenderError) -> Outcome in
            if catchingUp, let seen = seenPathLength, session.read({ $0.isBehind(seenPathLength: seen) }) {
                guard await reloadFromStore(session) else { return .storeUnavailable }
                session.apply { $0.checked(pathLength: seen) }
            }
            return try await update(session, screen.map { .reveal($0) } ?? .none)
        }
    }

    /// Replaces the live session's scene with one rebuilt from its stored path (another process
    /// changed it); a session the store no longer has leaves this process's memory, its open pages
    /// sent to `/`, and the store is left alone (another process ended it, or stores it anew).
    /// Call it in the session's queue. Returns false when the store cannot be reached (nothing
    /// changed).
    func reloadFromStore(_ session: Session) async -> Bool {
        guard session.read(\.isLive) else { return true }
        let stored: ClickPath?
        do {
            stored = try await paths.path(ofSession: session.id.description)
            storeAnswered()
        } catch ClickPathStoreError.unavailable(let reason) {
            storeIsUnavailable(reason)
            return false
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
            return true
        }
        guard let stored, !stored.entries.isEmpty else {
            if let leave = store.transition(session, { $0.stop() }).action {
                Session.movePages(leave.pages)
                await MainActor.run { leave.scene?.close() }
            }
            return true
        }
        store.countReload()
        // Another process changed a tester's session: it may have ended their task too.
        if session.isTester {
            do {
                if let run = try await storedStudyRun(of: session) { session.studyRun.withLock { $0 = run } }
            } catch {
                if case .unavailable(let reason) = error { storeIsUnavailable(reason) }
                return false
            }
        }
        if await caughtUp(session, with: stored) {
            session.apply { $0.caughtUp(stored: stored.entries.count) }
            return true
        }
        await replaceScene(
            of: session, because: .reload(stored: stored.entries.count),
            stoppedNotice: "Rebuilt as far as its clicks still fit this prototype"
        ) { _ in stored }
        logger.info(
            "rebuilt from the store: another process changed it (\(stored.entries.count) clicks)",
            metadata: ["session": "\(session.id.short)"])
        return true
    }

    /// Brings the live scene up to `stored` by replaying only what follows its own path, when its
    /// path is where `stored` starts (the usual case: another process took the last clicks); true
    /// at once when it is `stored` already (a GET that said the copy was behind rebuilt it before
    /// the change stream's word came: replaying it whole again would retire the tokens of the page
    /// that GET just showed); false, changing nothing, when it is not, or when a new entry does not
    /// fit (then it is rebuilt whole).
    @MainActor
    private func caughtUp(_ session: Session, with stored: ClickPath) async -> Bool {
        guard let scene = session.scene else { return false }
        let own = scene.clickPath.entries
        if own == stored.entries { return true }
        guard own.count < stored.entries.count, stored.entries.starts(with: own) else { return false }
        let replay = await scene.replay(
            ClickPath(Array(stored.entries[own.count...])), settleTimeout: configuration.settleTimeout)
        return replay.stoppedBecause == nil && scene.clickPath.entries.count == stored.entries.count
    }

    /// Follows `changes`, the changes other processes make to stored sessions (subscribe before
    /// serving: what is notified before the subscription is not heard), until the server stops: a
    /// session this process holds is rebuilt from the store, and its open pages move to its page.
    func follow(_ changes: AsyncStream<ClickPathChange>) async {
        for await change in changes {
            guard let session = store.listed(digest: change.session),
                paths.sessionDigest(of: session.id.description) == change.session
            else { continue }
            // A copy that holds as many entries already (a GET rebuilt it first) has nothing to do.
            if case .appended(let length) = change.kind, let stored = session.read(\.storedPathLength),
                stored >= length
            {
                continue
            }
            tasks.start { [self] in
                _ = try? await session.queue.run { () async -> Void in
                    guard await reloadFromStore(session), session.read(\.isLive) else { return }
                    do {
                        _ = try await update(session, .none)
                    } catch {
                        logger.error("rendering failed: \(error)", metadata: ["session": "\(session.id.short)"])
                    }
                }
            }
        }
    }
}
