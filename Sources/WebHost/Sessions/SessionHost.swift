import FlowCore
import HTMLPresenter
import Hummingbird
import Logging
import Synchronization

/// Runs the sessions: starts them, changes them on the main actor (actions, deep links, Back),
/// renders their pages off it and publishes them, and ends them.
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
    /// Sessions being rebuilt from their stored path, so that two requests rebuild one.
    private let restoring = Mutex<[SessionID: Task<Session?, Never>]>([:])
    /// Sessions that ended and whose click paths are leaving the store: never rebuilt meanwhile.
    private let ending = Mutex<Set<SessionID>>([])
    let streams: EventStreamSlots
    let configuration: WebHostConfiguration
    let logger: Logger
    /// Logged when new sessions push out older new ones (a client that keeps no cookies, a crawler).
    let newSessionsFull: LimitNotice
    /// Logged when the server-wide stream bound refuses a stream.
    let streamsFull: LimitNotice

    init(app: WebApp, configuration: WebHostConfiguration, paths: any ClickPathStore, logger: Logger) {
        self.app = app
        self.paths = paths
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
    }

    /// The renderer with the templates as last loaded.
    var renderer: PageRenderer { currentRenderer.withLock { $0 } }

    // MARK: Sessions

    /// The session named by a cookie value, or nil (an expired one, or one evicted to make room
    /// for this one's promotion, is closed on the way).
    func existingSession(cookie: String?) async -> Session? {
        let lookup = store.session(forCookie: cookie, now: .now)
        if !lookup.ended.isEmpty { await close(lookup.ended) }
        return lookup.session
    }

    /// A new session with its root flow started, in the pool of new sessions; the oldest new ones
    /// go if over its bound. Given a `path` (a share link's), the session starts by replaying it.
    func startSession(replaying path: ClickPath? = nil) async -> Session {
        let session = Session(id: .random(), now: .now)
        if let path {
            _ = await rebuildScene(of: session, from: path)
            await MainActor.run { session.scene?.storedEntryCount = 0 }
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

    /// The session a cookie names that is no longer in memory but whose click path is stored (the
    /// server restarted): rebuilt by replaying its path, in the pool of returning sessions. Nil
    /// when the cookie names no stored session.
    func restoredSession(cookie: String?) async -> Session? {
        guard let cookie, let id = SessionID(cookie) else { return nil }
        let rebuild = restoring.withLock { tasks in
            if let task = tasks[id] { return task }
            let task = Task { await rebuildSession(id) }
            tasks[id] = task
            return task
        }
        let session = await rebuild.value
        restoring.withLock { $0[id] = nil }
        return session
    }

    private func rebuildSession(_ id: SessionID) async -> Session? {
        let path: ClickPath
        do {
            guard let stored = try await paths.path(ofSession: id.description), !stored.entries.isEmpty else {
                return nil
            }
            // A session that ended while its path was read stays ended: its cookie starts anew
            guard !ending.withLock({ $0.contains(id) }) else { return nil }
            path = stored
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(id.short)"])
            return nil
        }
        let session = Session(id: id, now: .now)
        let start = ContinuousClock.now
        let replay = await rebuildScene(of: session, from: path)
        logger.info(
            "rebuilt from \(replay.replayed) of \(replay.total) clicks in \(ContinuousClock.now - start)",
            metadata: ["session": "\(id.short)"])
        if let problem = replay.stoppedBecause {
            logger.warning("replay stopped at \(problem)", metadata: ["session": "\(id.short)"])
            // The store keeps what the session now is: the part of the path that fit.
            await MainActor.run { session.scene?.storedEntryCount = 0 }
            try? await paths.removeSessions([id.description])
        }
        let evicted = store.insertReturning(session)
        if !evicted.isEmpty { await close(evicted) }
        return session
    }

    /// Keeps the session's click path under a new random share id, and returns the id.
    func share(_ session: Session) async throws -> String {
        let path = await MainActor.run { session.scene?.clickPath } ?? ClickPath()
        let id = OpaqueToken.random().text
        try await paths.share(path, id: id)
        logger.info("shared \(path.entries.count) clicks", metadata: ["session": "\(session.id.short)"])
        return id
    }

    @MainActor
    private func rebuildScene(of session: Session, from path: ClickPath) async -> SessionScene.Replay {
        let scene = makeScene(for: session)
        session.scene = scene
        let replay = await scene.replay(path, settleTimeout: configuration.settleTimeout)
        scene.storedEntryCount = scene.clickPath.entries.count
        if let problem = replay.stoppedBecause {
            scene.notice = "Rebuilt as far as its clicks still fit this prototype: \(problem)."
        }
        return replay
    }

    @MainActor
    func makeScene(for session: Session, versionsAfter version: Int = 0) -> SessionScene {
        let scene = SessionScene(app: app, versionsAfter: version)
        scene.window.onChange = { [weak self, weak session] version in
            guard let self, let session, session.windowDidChange(to: version) else { return }
            self.scheduleRefresh(session)
        }
        if configuration.showsInspector {
            scene.coordinator?.onLogEntry = { [weak session] _ in session?.inspectorDidChange() }
        }
        return scene
    }

    /// Ends `sessions`: open pages move to `/`, the coordinator trees are released and, unless
    /// the server is only stopping (`forget` false), their click paths leave the store.
    func close(_ sessions: [Session], forget: Bool = true) async {
        let ids = Set(sessions.map(\.id))
        if forget { ending.withLock { $0.formUnion(ids) } }
        defer { if forget { ending.withLock { $0.subtract(ids) } } }
        for session in sessions { session.close() }
        await MainActor.run {
            for session in sessions { session.releaseScene() }
        }
        guard forget, !sessions.isEmpty else { return }
        do {
            try await paths.removeSessions(sessions.map(\.id.description))
        } catch {
            logger.warning("click path store: \(error)")
        }
    }

    /// The server stops, which is not ending: the click paths stay stored, so the sessions come
    /// back. Their open pages' streams end now (so that the HTTP server can finish); their windows
    /// are released in the background, in batches that let a stopping process exit between them
    /// (a few hundred microseconds a session: tens of seconds for 100,000 live sessions).
    func stop(_ sessions: [Session]) {
        for session in sessions { session.close() }
        Task { @MainActor in
            for (index, session) in sessions.enumerated() {
                if index.isMultiple(of: 100) { await Task.yield() }
                session.releaseScene()
            }
        }
    }

    /// The counts an operator watches: sessions by pool and what ended them, open streams.
    var status: HostStatus {
        HostStatus(
            sessions: store.counts,
            eventStreams: .init(open: streams.openCount, limit: streams.limit, refused: streams.refusedCount))
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
            let hibernated = await session.queue.run { () async -> Bool in
                let stored = await MainActor.run { () -> Int? in
                    guard let scene = session.scene, scene.storedEntryCount == scene.clickPath.entries.count else {
                        return nil
                    }
                    return scene.storedEntryCount
                }
                // Its time in the store counts from now (an empty append marks it used).
                guard let stored, (try? await paths.append([], toSession: session.id.description, at: stored)) != nil,
                    store.hibernate(session, unusedFor: interval, now: .now)
                else { return false }
                await close([session], forget: false)
                return true
            }
            if hibernated { count += 1 }
        }
        return count
    }

    /// Ends the sessions idle past the timeout, in memory and in the click path store (a session
    /// that hibernated was unused for ``WebHostConfiguration/hibernateAfter`` before it left
    /// memory, so it ends that much sooner there); returns how many.
    @discardableResult
    func closeIdleSessions() async -> Int {
        let idle = store.removeIdle(now: .now)
        await close(idle)
        let timeout = configuration.idleTimeout
        let stored = timeout - min(configuration.hibernateAfter, timeout)
        do {
            return try await idle.count + paths.removeSessions(unusedFor: stored, keeping: store.ids)
        } catch {
            logger.warning("click path store: \(error)")
            return idle.count
        }
    }

    // MARK: Changes and pages

    /// Makes `change` in the session's window, lets navigation settle, captures, renders and
    /// publishes the page. Call it inside the session's queue.
    func update(_ session: Session, _ change: Change) async throws(RenderError) -> Outcome {
        let capture = await capture(session, after: change)
        switch capture {
        case .ended: return .ended
        case .refused(let error): return .refused(error)
        case .captured(let tree, let action, let notice, let unstored):
            let page = try publish(tree, notice: notice, in: session)
            if let unstored { await store(unstored, of: session) }
            return .page(page, action: action)
        }
    }

    /// Appends a session's new click path entries to the store; a failure is logged and the
    /// session stops being stored (it lives on, but would not survive a restart).
    private func store(_ unstored: (start: Int, entries: [ClickPath.Entry]), of session: Session) async {
        do {
            try await paths.append(unstored.entries, toSession: session.id.description, at: unstored.start)
        } catch {
            logger.warning(
                "click path store: \(error); this session will not survive a restart",
                metadata: ["session": "\(session.id.short)"])
            await MainActor.run { session.scene?.storedEntryCount = nil }
        }
    }

    /// Refreshes the page of a session whose open pages wait for a move.
    func scheduleRefresh(_ session: Session) {
        Task {
            await session.queue.run {
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
        case captured(
            ScreenTree, action: ActionResult?, notice: String?, unstored: (start: Int, entries: [ClickPath.Entry])?)
        case refused(ActionError)
        case ended
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
            do {
                action = try await scene.perform(token, fields: fields)
            } catch {
                return .refused(error)
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
        let notice = scene.notice
        scene.notice = nil
        return .captured(
            scene.window.updatedScreenTree(), action: action, notice: notice, unstored: scene.takeUnstoredEntries())
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
                tree, links: .served(version: tree.version, showsInspector: configuration.showsInspector),
                notice: notice)
        }
        let page = PublishedPage(
            version: tree.version, screenID: tree.visibleScreen?.id ?? ScreenID(rawValue: 0),
            html: ByteBuffer(string: html))
        session.publish(page)
        return page
    }
}
