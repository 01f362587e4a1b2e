import Crypto
import FlowHostApp
import HTMLPresenter

/// Action tokens every process sharing the store understands (``ActionToken``): signed for the
/// session, naming the page and the action, so that a process finds the action also in a copy of
/// the session it rebuilt from the store.
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
            let key = TokenKey(SymmetricKey(data: try await paths.tokenKey()))
            tokenKey.withLock { $0 = key }
        } catch {
            logger.warning("click path store: \(error); action tokens are understood by this process alone meanwhile")
        }
    }

    /// What `token`, posted with the session cookie `cookie`, is: ``TokenCheck/signed(_:)`` for
    /// it with the store's key (one HMAC, none for the page the live session was served last),
    /// ``TokenCheck/forged`` when not; unchecked without a cookie or while the store gives no key.
    /// A forged token is refused before its session is looked up or rebuilt.
    func check(token: some StringProtocol, cookie: String?) async -> TokenCheck {
        await loadTokenKey()
        guard let key = tokenKey.withLock({ $0 }), let cookie, let session = SessionID(cookie) else {
            return .unchecked
        }
        let kept = store.listed(session)?.read(\.pageKey)
        return ActionToken(verifying: token, session: session, key: key, kept: kept).map(TokenCheck.signed) ?? .forged
    }

    /// Makes `scene`'s window issue tokens signed for `session` (random ones while the store gave
    /// no key), tagged with the scene's random `tag`.
    @MainActor
    func issueSignedTokens(in scene: SessionScene, of session: Session, tag: UInt16) {
        let id = session.id
        scene.window.tokenIssuer = { [weak self, weak scene, weak session] version in
            guard let self, let scene, let session, let key = tokenKey.withLock({ $0 }) else {
                return { _ in .random() }
            }
            let pathLength = scene.clickPath.entries.count
            let page = ActionToken(pathLength: pathLength, version: version, scene: tag, position: 0)
            let pageKey: ActionToken.PageKey
            if let kept = session.read(\.pageKey), kept.page == page.page {
                pageKey = kept
            } else {
                pageKey = ActionToken.PageKey(session: id, key: key, page: page)
                session.apply { $0.pageKey = pageKey }
            }
            return { position in
                ActionToken(pathLength: pathLength, version: version, scene: tag, position: position).signed(
                    with: pageKey)
            }
        }
    }

    /// What `text` stands for in `scene`: a token of its own window is looked up in its table as
    /// ever (current, stale or unknown); one another scene issued (another process's, or this
    /// session's before it was rebuilt) names its action by position on the page after as many
    /// path entries, which replaying the path made this scene's page too.
    @MainActor
    func resolve(_ text: String, on scene: SessionScene, of session: Session) -> ResolvedToken {
        guard let key = tokenKey.withLock({ $0 }), let token = OpaqueToken(compactText: text) else {
            return .token(text)
        }
        guard ActionToken(token).scene != session.read(\.tag) else { return .token(text) }
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
        let actions: [ActionPosition?]
        if let kept = session.read(\.pageBeforeLast), kept.pathLength == before {
            actions = kept.actions
        } else {
            let (scene, _) = await SessionScene.replaying(
                ClickPath(Array(path.entries.dropLast())), app: app, maxPathEntries: configuration.maxClickPathEntries,
                settleTimeout: configuration.settleTimeout)
            defer { scene.close() }
            _ = scene.window.updatedScreenTree()
            actions = Array(
                sequence(first: 0) { $0 + 1 }.lazy
                    .map { scene.window.token(atCapturePosition: $0) }
                    .prefix { $0 != nil }
                    .map { $0.flatMap(scene.window.position(ofAction:)) })
            session.apply { $0.keep(.init(pathLength: before, actions: actions)) }
        }
        guard actions.indices.contains(capturePosition) else { return false }
        return actions[capturePosition] == position
    }
}
