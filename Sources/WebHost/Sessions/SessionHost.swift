import Crypto
import FlowCore
import FlowHostApp
import Foundation
import HTMLPresenter
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// Runs the sessions: starts them, rebuilds them from their stored click paths, changes them on the
/// main actor (actions, deep links, Back), renders their pages off it and publishes them. Each
/// session's life is its ``SessionLife``; this type performs what that value says
/// (`SessionHost+Life.swift` hibernates, ends and stops sessions; `SessionHost+Recording.swift` is
/// the only code that writes what a session did to the store).
final class SessionHost: Sendable {
    /// A change to make to a session's window before capturing it.
    enum Change: Sendable {
        /// None: capture what is on screen.
        case none
        /// Bring this screen back on screen, as the back button would, if the window holds it.
        case reveal(ScreenID)
        /// Run an action.
        case perform(token: String, fields: FormFields)
        /// Open a deep link (what follows `/link/`, percent-decoded, known to the app).
        case openLink(String)
    }

    /// What a change led to.
    enum Outcome: Sendable {
        /// The page now published, and what the action said (nil when no action ran).
        case page(PublishedPage, action: ActionResult?)
        /// The action was refused; nothing changed.
        case refused(ActionError)
        /// The session ended meanwhile.
        case ended
        /// The click path store cannot be reached: what the change did could not be stored, so it
        /// was undone; nothing changed.
        case storeUnavailable
    }

    let app: WebApp
    /// Renders pages with the templates as last loaded (a server that watches its templates swaps
    /// them while it runs: see `SessionHost+Reload.swift`).
    let currentRenderer: Mutex<PageRenderer>
    /// This process, to an open page's event stream: one that reconnects from a page of an earlier
    /// process (the server restarted) is moved at once to the session's rebuilt page.
    let processID = OpaqueToken.random().text
    let store: SessionStore
    /// Where click paths outlive the process (sessions rebuilt after a restart, share links).
    let paths: any ClickPathStore
    let streams: EventStreamSlots
    /// The work started besides requests (refreshes, the live map's crawl): it ends with the server.
    let tasks: HostTasks
    /// `/_flowhost/map`: crawled once per version of the templates.
    let flowMap: ServedFlowMap<LiveMap>
    /// The live map's traffic figures, computed at most once per `trafficRefreshInterval`.
    let traffic: TrafficCache
    let configuration: WebHostConfiguration
    let logger: Logger
    /// Logged when new sessions push out older new ones (a client that keeps no cookies, a crawler).
    let newSessionsFull: LimitNotice
    /// Logged when the server-wide stream bound refuses a stream.
    let streamsFull: LimitNotice
    /// Logged when a form's values are refused for their length.
    let valuesTooLong: LimitNotice
    /// Logged when a session's click path reaches its bound.
    let pathsFull: LimitNotice
    /// Logged when the store refuses a share for its bound.
    let sharesFull: LimitNotice
    /// The store's token key, once read (``ClickPathStore/tokenKey()``): it signs action tokens.
    let tokenKey = Mutex<SymmetricKey?>(nil)
    /// Whether the store was unreachable at the last append: the log says so once when it goes
    /// and once when it is back.
    let storeIsDown = Mutex(false)
    /// The sessions this process built a scene for, by their digest in the store
    /// (``ClickPathStore/sessionDigest(of:)``): the changes other processes report name them so.
    let digests = Mutex<[String: SessionID]>([:])

    init(app: WebApp, configuration: WebHostConfiguration, paths: any ClickPathStore, logger: Logger) {
        self.app = app
        self.paths = paths
        tasks = HostTasks()
        flowMap = ServedFlowMap(tasks: tasks)
        traffic = TrafficCache(interval: configuration.trafficRefreshInterval)
        currentRenderer = Mutex(PageRenderer(templates: app.templates))
        store = SessionStore(
            maxSessions: configuration.maxSessions, maxNewSessions: configuration.maxNewSessions,
            idleTimeout: configuration.idleTimeout)
        streams = EventStreamSlots(limit: configuration.maxEventStreams)
        self.configuration = configuration
        self.logger = logger
        newSessionsFull = LimitNotice(
            "new sessions: the pool of \(configuration.maxNewSessions) is full, the oldest new ones ended",
            interval: configuration.statusLogInterval)
        streamsFull = LimitNotice(
            "event streams: \(configuration.maxEventStreams) open, new ones answered 503",
            interval: configuration.statusLogInterval)
        valuesTooLong = LimitNotice(
            "form values: a value past \(FormField.maxValueBytes) bytes, or a form past"
                + " \(FormField.maxSubmissionBytes) bytes, was refused with a field error",
            interval: configuration.statusLogInterval)
        pathsFull = LimitNotice(
            "click paths: a session reached \(configuration.maxClickPathEntries) entries; what it does next is not"
                + " recorded (it cannot be shared, and a restart brings it back to where its path ends)",
            interval: configuration.statusLogInterval)
        sharesFull = LimitNotice(
            "share links: the store holds as many as it may; new ones are refused until older ones expire",
            interval: configuration.statusLogInterval)
    }

    /// The renderer with the templates as last loaded.
    var renderer: PageRenderer { currentRenderer.withLock { $0 } }

    // MARK: Sessions

    /// The session named by a cookie value: live in memory, or rebuilt from its stored click path
    /// (it hibernated, or the server restarted). Nil for a malformed cookie, one whose session
    /// ended, or one with nothing stored. Requests naming a session being rebuilt wait for that one
    /// rebuild in its queue; a waiting request whose client goes (`clientGone`) is dropped. With
    /// `startsUnstored`, a session with nothing stored starts afresh under its id instead (an
    /// action token signed for it, of an empty path, shows another process started it).
    func existingSession(
        cookie: String?, clientGone: EventLoopFuture<Void>? = nil, startsUnstored: Bool = false
    ) async -> Session? {
        let lookup = store.session(forCookie: cookie, now: .now)
        if !lookup.ended.isEmpty { await close(lookup.ended) }
        if let session = lookup.session {
            return await admitted(session, clientGone: clientGone, startsUnstored: startsUnstored)
        }
        guard !lookup.isLeaving, let cookie, let id = SessionID(cookie) else { return nil }
        guard let session = store.returningSession(id, now: .now) else { return nil }
        return await admitted(session, clientGone: clientGone, startsUnstored: startsUnstored)
    }

    /// `session` once it is live: rebuilt first, in its queue, when it is not in memory.
    private func admitted(
        _ session: Session, clientGone: EventLoopFuture<Void>?, startsUnstored: Bool
    ) async -> Session? {
        switch session.life.state {
        case .live: return session
        case .ending, .ended: return nil
        case .hibernated, .rebuilding: break
        }
        let isLive = try? await session.queue.run(clientGone: clientGone) {
            await rebuildIfHibernated(session, startsUnstored: startsUnstored)
        }
        return isLive == true ? session : nil
    }

    /// A new session with its root flow started, in the pool of new sessions; the oldest new ones
    /// go if over its bound. Given a share link's id and path, the session starts by replaying the
    /// path, and the store keeps it as starting from the share (nothing of the path is copied).
    func startSession(fromShare share: (id: String, path: ClickPath)? = nil) async -> Session {
        await loadTokenKey()
        let session = Session(id: .random(), now: .now)
        if let share {
            let replay = await buildScene(
                of: session, from: share.path, stoppedNotice: "Opened as far as its clicks still fit this prototype")
            await storeStart(of: session, fromShare: share.id, replay: replay)
        } else {
            await MainActor.run { session.scene = makeScene(for: session) }
        }
        let evicted = store.insert(session)
        if !evicted.isEmpty {
            newSessionsFull.hit(logger)
            await close(evicted)
        }
        return session
    }

    /// Rebuilds a hibernated session from its stored path (call it in the session's queue); returns
    /// whether the session is live. One with nothing stored is discarded, or with `startsUnstored`
    /// starts afresh (another process started it and it did nothing yet).
    private func rebuildIfHibernated(_ session: Session, startsUnstored: Bool) async -> Bool {
        guard session.changeLife({ $0.rebuild() }) else { return session.life.state == .live }
        await loadTokenKey()
        let metadata: Logger.Metadata = ["session": "\(session.id.short)"]
        var stored: ClickPath?
        do {
            stored = try await paths.path(ofSession: session.id.description)
        } catch {
            logger.warning("click path store: \(error)", metadata: metadata)
        }
        if startsUnstored, stored?.entries.isEmpty ?? true {
            await MainActor.run { session.scene = makeScene(for: session) }
            session.changeLife { $0.startedFromPath(alreadyStored: 0) }
            let evicted = store.didRestore(session)
            if !evicted.isEmpty { await close(evicted) }
            return true
        }
        let start = ContinuousClock.now
        var replay: SessionScene.Replay?
        if let stored, !stored.entries.isEmpty {
            replay = await buildScene(
                of: session, from: stored, stoppedNotice: "Rebuilt as far as its clicks still fit this prototype")
        }
        switch session.changeLife({ $0.rebuilt(stored: stored?.entries.count, replayed: replay?.replayed ?? 0) }) {
        case .discard:
            store.discard(session)
            await MainActor.run { session.releaseScene() }
            return false
        case .removeStoredPath:
            // The store keeps what the session now is: the part of the path that fit.
            logger.warning("replay stopped at \(replay?.stoppedBecause ?? "")", metadata: metadata)
            await forgetStoredPath(of: session)
        case .none:
            break
        }
        if let replay {
            logger.info(
                "rebuilt from \(replay.replayed) of \(replay.total) clicks in \(ContinuousClock.now - start)",
                metadata: metadata)
        }
        let evicted = store.didRestore(session)
        if !evicted.isEmpty { await close(evicted) }
        return session.life.state == .live
    }

    /// The one way a session gets a scene from a click path (a rebuild, a share link, "Back to
    /// here"): a fresh scene wired to the session replays `path`. Where the replay stopped early the
    /// next page says so, after `stoppedNotice`.
    @MainActor
    @discardableResult
    func buildScene(
        of session: Session, from path: ClickPath, versionsAfter version: Int = 0, stoppedNotice: String
    ) async -> SessionScene.Replay {
        let (scene, replay) = await SessionScene.replaying(
            path, app: app, versionsAfter: version, maxPathEntries: configuration.maxClickPathEntries,
            settleTimeout: configuration.settleTimeout
        ) { wire($0, to: session) }
        guard !session.life.isOver else {
            // The session ended while its path replayed.
            scene.close()
            return replay
        }
        session.scene = scene
        if let problem = replay.stoppedBecause { session.notice = "\(stoppedNotice): \(problem)." }
        return replay
    }

    /// Keeps the session's click path under a new random share id, for
    /// ``WebHostConfiguration/shareLifetime``, and returns the id.
    /// - Throws: ``ShareRefusal`` when the path is full or the store refuses it.
    func share(_ session: Session) async throws(ShareRefusal) -> String {
        let path = await MainActor.run { () -> ClickPath? in
            guard let scene = session.scene else { return ClickPath() }
            return scene.isPathFull ? nil : scene.clickPath
        }
        guard let path else { throw .pathFull(configuration.maxClickPathEntries) }
        let id = OpaqueToken.random().text
        let lifetime = configuration.shareLifetime.components
        let expires = Date.now.addingTimeInterval(Double(lifetime.seconds) + Double(lifetime.attoseconds) / 1e18)
        do {
            try await paths.share(path, id: id, bySession: session.id.description, expires: expires)
        } catch ClickPathStoreError.tooManyShares(let limit) {
            sharesFull.hit(logger)
            throw .storeFull(limit)
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
            throw .storeFailed
        }
        logger.info("shared \(path.entries.count) clicks", metadata: ["session": "\(session.id.short)"])
        return id
    }

    @MainActor
    private func makeScene(for session: Session) -> SessionScene {
        let scene = SessionScene(app: app, maxPathEntries: configuration.maxClickPathEntries)
        wire(scene, to: session)
        return scene
    }

    /// Lets the session follow its scene: a changed window refreshes the pages that wait for a
    /// move, a logged step tells the inspector, a bound that keeps something from the click path
    /// is logged. The scene's log keeps what the inspector shows, no more.
    @MainActor
    private func wire(_ scene: SessionScene, to session: Session) {
        scene.coordinator?.logCapacity = Self.inspectedSteps
        issueSignedTokens(in: scene, of: session)
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

    /// The counts an operator watches: sessions by pool and what ended them, open streams.
    var status: HostStatus {
        HostStatus(
            sessions: store.counts,
            eventStreams: .init(open: streams.openCount, limit: streams.limit, refused: streams.refusedCount))
    }

    // MARK: Changes and pages

    /// Makes `change` in the session's window, lets navigation settle, captures, renders and
    /// publishes the page, and stores what the click path gained. Call it inside the session's queue.
    /// The path is stored before the page is published: a change the store refuses is undone.
    func update(_ session: Session, _ change: Change) async throws(RenderError) -> Outcome {
        var capture = await capture(session, after: change)
        if case .behind = capture {
            // The token comes from a page of a later path than this copy of the session: another
            // process changed it. Rebuilt from the store, the page the token names is this one's.
            guard await reloadFromStore(session) else { return .storeUnavailable }
            capture = await self.capture(session, after: change)
        }
        switch capture {
        case .ended: return .ended
        case .refused(let error): return .refused(error)
        case .behind: return .refused(.stale)
        case .captured(let tree, let action, let notice, let path):
            switch await record(path, of: session) {
            case .stored:
                return .page(try publish(tree, notice: notice, in: session), action: action)
            case .overtaken:
                // Another process appended first: its path is the session's now.
                guard await reloadFromStore(session) else { return .storeUnavailable }
                await MainActor.run {
                    session.notice =
                        "Another window changed this session at the same moment: your last click was not taken"
                }
                return try await update(session, .none)
            case .unavailable(let stored):
                await undo(session, toStoredEntries: stored)
                return .storeUnavailable
            }
        }
    }

    /// Refreshes the page of a session whose open pages wait for a move.
    func scheduleRefresh(_ session: Session) {
        tasks.start { [self] in
            _ = try? await session.queue.run {
                session.refreshDidStart()
                do {
                    _ = try await update(session, .none)
                } catch {
                    logger.error("rendering failed: \(error)", metadata: ["session": "\(session.id.short)"])
                }
            }
        }
    }

    private enum Capture: Sendable {
        case captured(ScreenTree, action: ActionResult?, notice: String?, path: ClickPath)
        case refused(ActionError)
        case ended
        /// The action's token names a page of a longer path than this copy of the session has.
        case behind
    }

    @MainActor
    private func capture(_ session: Session, after change: Change) async -> Capture {
        guard let scene = session.scene else { return .ended }
        var action: ActionResult?
        switch change {
        case .none:
            break
        case .reveal(let id):
            scene.reveal(id)
        case .perform(let token, let fields):
            switch resolve(token, on: scene, of: session) {
            case .token(let taken):
                do {
                    action = try await scene.perform(taken, fields: fields)
                } catch .alreadyTaken {
                    // The same request again: the page it led to, as the first answer showed.
                } catch {
                    return .refused(error)
                }
            case .behind: return .behind
            case .refused(let error): return .refused(error)
            case .retried(let capturePosition):
                guard
                    await isRetry(
                        capturePosition: capturePosition, posted: fields, after: scene.clickPath, of: session)
                else {
                    return .refused(.stale)
                }
            }
        case .openLink(let path):
            scene.openLink(path)
        }
        await scene.settle(timeout: configuration.settleTimeout)
        if logger.logLevel <= .debug {
            for entry in scene.newLogEntries() {
                logger.debug("\(entry)", metadata: ["session": "\(session.id.short)"])
            }
        }
        let notice = session.notice
        session.notice = nil
        return .captured(scene.window.updatedScreenTree(), action: action, notice: notice, path: scene.clickPath)
    }

    static let emptyWindowMessage =
        "The window has no root view controller: the app's start (WebApp's closure) or its first step must set "
        + "window.rootViewController."

    private func publish(_ tree: ScreenTree, notice: String?, in session: Session) throws(RenderError)
        -> PublishedPage
    {
        if notice == nil, let page = session.lastPage, page.version == tree.version { return page }
        let html: String
        if tree.layers.isEmpty {
            // Logged once per version of the window: a cached page is not rendered again.
            logger.warning(
                "\(Self.emptyWindowMessage)", metadata: ["session": "\(session.id.short)"])
            html = renderer.renderMessage(
                title: "Nothing on screen", message: Self.emptyWindowMessage, linkTitle: "Try again", linkURL: "/",
                links: .served)
        } else {
            html = try renderer.render(
                tree,
                links: .served(
                    version: tree.version, process: processID.prefix(8), showsInspector: configuration.showsInspector),
                notice: notice, problemDetails: configuration.showsInspector)
        }
        let page = PublishedPage(
            version: tree.version, screenID: tree.visibleScreen?.id ?? ScreenID(rawValue: 0),
            body: CompressedBody(ByteBuffer(string: html)))
        session.publish(page)
        return page
    }
}
