import Crypto
import FlowHostApp
import HTMLPresenter

/// Several processes serving one set of sessions from one store: action tokens every process
/// understands (``ActionToken``), a copy of a session rebuilt from the store when another process
/// changed it, and the changes other processes report (``ClickPathStore/changes()``) moving the
/// pages this one streams to.
extension SessionHost {
    /// What an action token posted with a session's cookie is.
    enum TokenCheck: Sendable, Equatable {
        /// Signed for that session: its fields.
        case signed(ActionToken)
        /// Not signed for it (made up, changed, or another session's).
        case forged
        /// Not checked: no session cookie, or no key yet.
        case unchecked
    }

    /// The session `cookie` names when it is in memory, without touching or rebuilding it.
    func liveSession(cookie: String?) -> Session? {
        guard let cookie, let id = SessionID(cookie), let session = store.listed(id), !session.life.isOver else {
            return nil
        }
        return session
    }

    /// What an action token posted to a session stands for in its scene.
    enum ResolvedToken {
        /// This token of the scene's own table (which says whether it is current).
        case token(String)
        /// The token names a page of a longer path than this copy of the session has.
        case behind
        /// Not taken: a page of a shorter path (stale), or no such action.
        case refused(ActionError)
        /// The token names a page of one entry fewer than this copy has, whose last entry is an
        /// action: the same request again (retried on this process after the one that took it went
        /// away) when it names that action (see ``isRetry(_:posted:after:)``), else stale.
        case retried(capturePosition: Int)
    }

    /// Reads the store's token key once (``ClickPathStore/tokenKey()``). While the store does not
    /// give it, this process's tokens are random, understood by itself alone.
    func loadTokenKey() async {
        guard tokenKey.withLock({ $0 == nil }) else { return }
        do {
            let key = SymmetricKey(data: try await paths.tokenKey())
            tokenKey.withLock { $0 = key }
        } catch {
            logger.warning("click path store: \(error); action tokens are understood by this process alone meanwhile")
        }
    }

    /// What `token`, posted with the session cookie `cookie`, is: ``TokenCheck/signed(_:)`` for
    /// it with the store's key (one HMAC), ``TokenCheck/forged`` when not; unchecked without a
    /// cookie or while the store gives no key. A forged token is refused before its session is
    /// looked up or rebuilt.
    func check(token: some StringProtocol, cookie: String?) async -> TokenCheck {
        await loadTokenKey()
        guard let key = tokenKey.withLock({ $0 }), let cookie, let session = SessionID(cookie) else {
            return .unchecked
        }
        return ActionToken(verifying: token, session: session, key: key).map(TokenCheck.signed) ?? .forged
    }

    /// Makes `scene`'s window issue tokens signed for `session` (random ones while the store gave
    /// no key), tagged with a new random scene tag, and lists the session under its store digest.
    @MainActor
    func issueSignedTokens(in scene: SessionScene, of session: Session) {
        let tag = UInt16.random(in: .min ... .max)
        session.sceneTag = tag
        let id = session.id
        scene.window.tokenIssuer = { [weak self, weak scene, weak session] version, position in
            guard let self, let scene, let session, let key = tokenKey.withLock({ $0 }) else { return .random() }
            let token = ActionToken(
                pathLength: scene.clickPath.entries.count, version: version, scene: tag, position: position)
            let pageKey =
                session.pageKey.flatMap { $0.page == token.page ? $0 : nil }
                ?? ActionToken.PageKey(session: id, key: key, page: token)
            session.pageKey = pageKey
            return token.signed(with: pageKey)
        }
        let digest = paths.sessionDigest(of: id.description)
        digests.withLock { $0[digest] = id }
    }

    /// What `text` stands for in `scene`: a token of its own window is looked up in its table as
    /// ever (current, stale or unknown); one another scene issued (another process's, or this
    /// session's before it was rebuilt) names its action by position on the page after as many
    /// path entries, which replaying the path made this scene's page too.
    @MainActor
    func resolve(_ text: String, on scene: SessionScene, of session: Session) -> ResolvedToken {
        guard let key = tokenKey.withLock({ $0 }), let token = OpaqueToken(text) else { return .token(text) }
        guard ActionToken(token).scene != session.sceneTag else { return .token(text) }
        // Checked again: a caller other than the HTTP layer checks nothing.
        guard let named = ActionToken(verifying: text, session: session.id, key: key) else {
            return .refused(.unknown)
        }
        let length = ActionToken(pathLength: scene.clickPath.entries.count, version: 0, scene: 0, position: 0)
            .pathLength
        if named.pathLength > length { return .behind }
        let oneBefore = ActionToken(
            pathLength: scene.clickPath.entries.count - 1, version: 0, scene: 0, position: 0
        ).pathLength
        if named.pathLength == oneBefore, case .action = scene.clickPath.entries.last {
            return .retried(capturePosition: named.position)
        }
        guard named.pathLength == length, let own = scene.window.token(atCapturePosition: named.position) else {
            return .refused(.stale)
        }
        return .token(own)
    }

    /// Whether the action at `capturePosition` of the page before the last entry of `path` is that
    /// entry's action, and `posted` gives the values it took: the same request again, which is
    /// not taken twice. The page before is rebuilt to find out (a replay of the path but its last
    /// entry: this is only asked of a request retried after a process went away, or a stale one),
    /// once per path length: the session keeps that page's action positions, so that a client
    /// posting such a token again and again does not replay the path each time.
    @MainActor
    func isRetry(capturePosition: Int, posted: FormFields, after path: ClickPath, of session: Session) async -> Bool {
        guard case .action(let position, let values) = path.entries.last else { return false }
        let names = Set(values.fields.map(\.name))
        let sent = posted.fields.filter { names.contains($0.name) }
        guard sent.map(\.name) == values.fields.map(\.name), sent.map(\.value) == values.fields.map(\.value) else {
            return false
        }
        let before = path.entries.count - 1
        if session.pageBeforeLast?.pathLength != before {
            let (scene, _) = await SessionScene.replaying(
                ClickPath(Array(path.entries.dropLast())), app: app, maxPathEntries: configuration.maxClickPathEntries,
                settleTimeout: configuration.settleTimeout)
            defer { scene.close() }
            _ = scene.window.updatedScreenTree()
            let positions = sequence(first: 0) { $0 + 1 }.lazy
                .map { scene.window.token(atCapturePosition: $0) }
                .prefix { $0 != nil }
                .map { $0.flatMap(scene.window.position(ofAction:)) }
            session.pageBeforeLast = (before, Array(positions))
        }
        guard let actions = session.pageBeforeLast?.actions, actions.indices.contains(capturePosition) else {
            return false
        }
        return actions[capturePosition] == position
    }

    /// Replaces the live session's scene with one rebuilt from its stored path (another process
    /// changed it); a session the store no longer has leaves this process's memory, its open pages
    /// sent to `/`, and the store is left alone (another process ended it, or stores it anew).
    /// Call it in the session's queue. Returns false when the store cannot be reached (nothing
    /// changed).
    func reloadFromStore(_ session: Session) async -> Bool {
        guard session.life.state == .live else { return true }
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
            if store.remove(session) {
                session.stop()
                await MainActor.run { session.releaseScene() }
            }
            return true
        }
        store.countReload()
        if await caughtUp(session, with: stored) {
            _ = session.changeLife { $0.reloaded(stored: stored.entries.count, replayed: stored.entries.count) }
            return true
        }
        let version = await MainActor.run { () -> Int in
            defer { session.releaseScene() }
            return session.scene?.window.version ?? 0
        }
        let replay = await buildScene(
            of: session, from: stored, versionsAfter: version,
            stoppedNotice: "Rebuilt as far as its clicks still fit this prototype")
        let action = session.changeLife { $0.reloaded(stored: stored.entries.count, replayed: replay.replayed) }
        if action == .removeStoredPath { await forgetStoredPath(of: session) }
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

    /// Undoes a change the store could not take: the session's scene is rebuilt from the first
    /// `stored` entries of its path (those stored), in memory, without the store. Call it in the
    /// session's queue.
    func undo(_ session: Session, toStoredEntries stored: Int) async {
        let replaced = await MainActor.run { () -> (path: ClickPath, version: Int)? in
            guard let scene = session.scene else { return nil }
            defer { session.releaseScene() }
            return (ClickPath(Array(scene.clickPath.entries.prefix(stored))), scene.window.version)
        }
        guard let replaced else { return }
        await buildScene(
            of: session, from: replaced.path, versionsAfter: replaced.version,
            stoppedNotice: "Undone as far as its clicks still fit this prototype")
    }

    /// Follows `changes`, the changes other processes make to stored sessions (subscribe before
    /// serving: what is notified before the subscription is not heard), until the server stops: a
    /// session this process holds is rebuilt from the store, and its open pages move to its page.
    func follow(_ changes: AsyncStream<ClickPathChange>) async {
        for await change in changes {
            guard let id = digests.withLock({ $0[change.session] }), let session = store.listed(id) else { continue }
            // A copy that holds as many entries already (a GET rebuilt it first) has nothing to do.
            if case .appended(let length) = change.kind, let stored = session.life.storedEntries, stored >= length {
                continue
            }
            tasks.start { [self] in
                _ = try? await session.queue.run { () async -> Void in
                    guard await reloadFromStore(session), session.life.state == .live else { return }
                    do {
                        _ = try await update(session, .none)
                    } catch {
                        logger.error("rendering failed: \(error)", metadata: ["session": "\(session.id.short)"])
                    }
                }
            }
        }
    }

    /// Forgets the digests of sessions no longer listed.
    func pruneDigests() {
        let listed = store.ids
        digests.withLock { digests in digests = digests.filter { listed.contains($0.value.description) } }
    }
}
