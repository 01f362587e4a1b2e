import FlowCore
import HTMLPresenter
import Hummingbird
import Logging

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
    let renderer: PageRenderer
    let store: SessionStore
    let streams: EventStreamSlots
    let configuration: WebHostConfiguration
    let logger: Logger
    /// Logged when new sessions push out older new ones (a client that keeps no cookies, a crawler).
    let newSessionsFull: LimitNotice
    /// Logged when the server-wide stream bound refuses a stream.
    let streamsFull: LimitNotice

    init(app: WebApp, configuration: WebHostConfiguration, logger: Logger) {
        self.app = app
        renderer = PageRenderer(templates: app.templates)
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

    // MARK: Sessions

    /// The session named by a cookie value, or nil (an expired one, or one evicted to make room
    /// for this one's promotion, is closed on the way).
    func existingSession(cookie: String?) async -> Session? {
        let lookup = store.session(forCookie: cookie, now: .now)
        if !lookup.ended.isEmpty { await close(lookup.ended) }
        return lookup.session
    }

    /// A new session with its root flow started, in the pool of new sessions; the oldest new ones
    /// go if over its bound.
    func startSession() async -> Session {
        let session = Session(id: .random(), now: .now)
        await MainActor.run {
            let scene = SessionScene(app: app)
            scene.window.onChange = { [weak self, weak session] version in
                guard let self, let session, session.windowDidChange(to: version) else { return }
                self.scheduleRefresh(session)
            }
            session.scene = scene
        }
        let evicted = store.insert(session)
        if !evicted.isEmpty {
            newSessionsFull.hit(logger)
            await close(evicted)
        }
        return session
    }

    /// Ends `sessions`: open pages move to `/`, the coordinator trees are released.
    func close(_ sessions: [Session]) async {
        for session in sessions { session.close() }
        await MainActor.run {
            for session in sessions {
                session.scene?.close()
                session.scene = nil
            }
        }
    }

    /// The counts an operator watches: sessions by pool and what ended them, open streams.
    var status: HostStatus {
        HostStatus(
            sessions: store.counts,
            eventStreams: .init(open: streams.openCount, limit: streams.limit, refused: streams.refusedCount))
    }

    /// Ends the sessions idle past the timeout; returns how many.
    @discardableResult
    func closeIdleSessions() async -> Int {
        let idle = store.removeIdle(now: .now)
        await close(idle)
        return idle.count
    }

    // MARK: Changes and pages

    /// Makes `change` in the session's window, lets navigation settle, captures, renders and
    /// publishes the page. Call it inside the session's queue.
    func update(_ session: Session, _ change: Change) async throws(RenderError) -> Outcome {
        let capture = await capture(session, after: change)
        switch capture {
        case .ended: return .ended
        case .refused(let error): return .refused(error)
        case .captured(let tree, let action):
            return .page(try publish(tree, in: session), action: action)
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
        case captured(ScreenTree, action: ActionResult?)
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
        return .captured(scene.window.updatedScreenTree(), action: action)
    }

    private func publish(_ tree: ScreenTree, in session: Session) throws(RenderError) -> PublishedPage {
        if let page = session.lastPage, page.version == tree.version { return page }
        let html = try renderer.render(tree, eventsURL: FlowHostRoute.events(after: tree.version).url)
        let page = PublishedPage(
            version: tree.version, screenID: tree.visibleScreen?.id ?? ScreenID(rawValue: 0),
            html: ByteBuffer(string: html))
        session.publish(page)
        return page
    }
}
