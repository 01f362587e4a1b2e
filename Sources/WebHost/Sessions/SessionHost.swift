import Crypto
import FlowCore
import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// Runs the sessions: changes them on the main actor (actions, deep links, Back), renders their
/// pages off it and publishes them. Each session is one value (``SessionStateMachine``); this type
/// owns them and performs what their events return: `SessionHost+Life.swift` starts, rebuilds,
/// replaces the scene of, lets hibernate and ends sessions; `SessionHost+Recording.swift` is the
/// only code that appends a session's path to the store; `SessionHost+CatchUp.swift` brings a copy
/// up to what other processes did. ``SessionStore`` files each session in the pool its phase says.
final class SessionHost: Sendable {
    /// A change to make to a session's window before capturing it.
    enum Change: Sendable {
        /// None: capture what is on screen.
        case none
        /// Bring this screen back on screen, as the browser's Back or Forward asks: revealed if the
        /// window holds it, opened again if Back closed it and it was opened from the screen on top
        /// (see `SessionScene.revisit(_:)`), else the screen on top with a line saying why.
        case reveal(ScreenID)
        /// Run an action.
        case perform(token: String, fields: FormFields)
        /// Open a deep link (what follows `/link/`, percent-decoded, known to the app).
        case openLink(String)
    }

    /// What a change led to.
    enum Outcome: Sendable {
        /// The page now published, what the action said (nil when no action ran), and how many
        /// entries of the session's path the store holds (nil: not recorded), which the browser is
        /// told so that the process its next request lands on catches up first.
        case page(PublishedPage, action: ActionResult?, pathLength: Int?)
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
    let traffic: FiguresCache<CountedTraffic.Key, CountedTraffic>
    /// Studies' results, computed at most once per `trafficRefreshInterval`
    /// (`SessionHost+StudyResults.swift`).
    let resultsOfStudies: FiguresCache<StudyResultsKey, StudyResults>
    /// One copy of each study for its live testers' runs.
    let sharedStudies = SharedStudies()
    /// One copy of each storyboard screen's name for the sessions' published pages and testers' runs.
    let screenNames = SharedScreenNames()
    /// The version of the app's public files its pages link, which browsers keep until they change.
    let publicFolderVersion: PublicFolderVersion
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
    /// Logged when a study link is refused to a new tester for the study's bound.
    let testersFull: LimitNotice
    /// Logged when a tester's events reach their bound.
    let testerEventsFull: LimitNotice
    /// Logged when the store refuses a new study for its bound.
    let studiesFull: LimitNotice
    /// Comments as last read, and their bounds (`SessionHost+Comments.swift`).
    let comments: CommentBoard
    /// The store's token key, once read (``ClickPathStore/tokenKey()``): it signs action tokens.
    let tokenKey = Mutex<TokenKey?>(nil)
    /// Whether the store was unreachable at the last append: the log says so once when it goes
    /// and once when it is back.
    let storeIsDown = Mutex(false)
    /// The windows a stop did not release (``stopSessions()``), held for as long as the host: a
    /// process that exits after its stop frees them with its memory, not object by object.
    let leftAtStop = Mutex<[SessionScene]>([])

    init(app: WebApp, configuration: WebHostConfiguration, paths: any ClickPathStore, logger: Logger) {
        self.app = app
        self.paths = paths
        publicFolderVersion = PublicFolderVersion(publicDirectory: app.publicDirectory)
        tasks = HostTasks()
        flowMap = ServedFlowMap(tasks: tasks)
        traffic = FiguresCache(interval: configuration.trafficRefreshInterval, maxKeys: 16)
        resultsOfStudies = FiguresCache(
            interval: configuration.trafficRefreshInterval, maxKeys: Self.cachedStudyResults)
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
        testersFull = LimitNotice(
            "studies: a study has as many testers as the store keeps; its link refuses new testers",
            interval: configuration.statusLogInterval)
        testerEventsFull = LimitNotice(
            "studies: a tester reached the bound of events (--max-events-per-tester, or 256 waiting in memory);"
                + " their path, a task's start and end, then their newest events are kept while room is left",
            interval: configuration.statusLogInterval)
        studiesFull = LimitNotice(
            "studies: the store keeps as many as it may (--max-studies); the New study form refuses new ones",
            interval: configuration.statusLogInterval)
        comments = CommentBoard(
            perMinute: configuration.maxCommentsPerMinute, logInterval: configuration.statusLogInterval)
        sharesFull = LimitNotice(
            "share links: the store holds as many as it may; new ones are refused until older ones expire",
            interval: configuration.statusLogInterval)
    }

    /// The renderer with the templates as last loaded.
    var renderer: PageRenderer { currentRenderer.withLock { $0 } }

    /// The counts an operator watches: sessions by pool and what ended them, open streams.
    var status: HostStatus {
        HostStatus(
            sessions: store.counts,
            eventStreams: .init(open: streams.openCount, limit: streams.limit, refused: streams.refusedCount))
    }

    // MARK: Sessions

    /// The session named by a cookie value: live in memory, or rebuilt from its stored click path
    /// (it hibernated, or the server restarted). Nil for a malformed cookie, one whose session
    /// ended, or one with nothing stored. Requests naming a session being rebuilt wait for that one
    /// rebuild in its queue; a waiting request whose client goes (`clientGone`) is dropped. With
    /// `startsUnstored`, a session with nothing stored starts afresh under its id instead (an
    /// action token signed for it, of an empty path, shows another process started it).
    /// - Throws: ``ClickPathStoreError/unavailable(reason:)`` when the session is not in memory
    ///   and the store cannot be read: the caller answers that nothing was done, and never starts
    ///   another session in its place (the browser would lose its cookie, and its place).
    func existingSession(
        cookie: String?, clientGone: EventLoopFuture<Void>? = nil, startsUnstored: Bool = false
    ) async throws(ClickPathStoreError) -> Session? {
        let lookup = store.session(forCookie: cookie, now: .now)
        if !lookup.ended.isEmpty { await close(lookup.ended) }
        if let session = lookup.session {
            if let admitted = try await admitted(session, clientGone: clientGone, startsUnstored: startsUnstored) {
                return admitted
            }
            // It waited for another request's rebuild, which found nothing stored or could not
            // read the store: this request reads the store itself (the answer differs).
            guard lookup.isArriving, session.read(\.pool) == nil else { return nil }
        }
        guard !lookup.isLeaving, let cookie, let id = SessionID(cookie),
            let session = store.returningSession(id, digest: paths.sessionDigest(of: id.description), now: .now)
        else { return nil }
        return try await admitted(session, clientGone: clientGone, startsUnstored: startsUnstored)
    }

    /// The session `cookie` names when it is in memory, without touching or rebuilding it.
    func liveSession(cookie: String?) -> Session? {
        guard let cookie, let id = SessionID(cookie), let session = store.listed(id), !session.isOver else {
            return nil
        }
        return session
    }

    /// `session` once it is live: rebuilt first, in its queue, when it is not in memory. Nil also
    /// when its client went while it waited its turn.
    private func admitted(
        _ session: Session, clientGone: EventLoopFuture<Void>?, startsUnstored: Bool
    ) async throws(ClickPathStoreError) -> Session? {
        switch session.read(\.pool) {
        case .new, .returning: return session
        case .leaving, nil: return nil
        case .arriving: break
        }
        do {
            let isLive = try await session.queue.run(clientGone: clientGone) {
                try await rebuild(session, startsUnstored: startsUnstored)
            }
            return isLive ? session : nil
        } catch let error as ClickPathStoreError {
            throw error
        } catch {
            return nil
        }
    }

    // MARK: Changes and pages

    /// Makes `change` in the session's window in its queue (see ``update(_:_:)``); a request whose
    /// client goes while it waits its turn (`clientGone`) is dropped.
    func change(
        _ session: Session, _ change: Change, clientGone: EventLoopFuture<Void>? = nil
    ) async throws -> Outcome {
        try await session.queue.run(clientGone: clientGone) { () throws(RenderError) in
            try await update(session, change)
        }
    }

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
                let page = try publish(tree, notice: notice, path: path, in: session)
                // A tester who reached their task's goal moves on to the next task by themselves.
                if let next = try await endTaskAtGoal(tree, showing: page.storyboardScreen, of: session) {
                    return next
                }
                return .page(page, action: action, pathLength: session.read(\.storedPathLength))
            case .overtaken:
                // Another process appended first: its path is the session's now.
                guard await reloadFromStore(session) else { return .storeUnavailable }
                session.apply {
                    $0.tell("Another window changed this session at the same moment: your last click was not taken")
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
        let scene: SessionScene
        switch session.read({ $0.change() }) {
        case .scene(let live): scene = live
        case .ended: return .ended
        }
        var action: ActionResult?
        switch change {
        case .none:
            break
        case .reveal(let id):
            if case .gone(let title) = await scene.revisit(id) {
                session.apply {
                    $0.tell("\(title) is no longer open: another screen was opened since Back left it")
                }
            }
        case .perform(let token, let fields):
            switch resolve(token, on: scene, of: session) {
            case .token(let taken):
                do {
                    let before = scene.clickPath.entries.count
                    let label = testerLabel(of: taken, on: scene, of: session)
                    action = try await scene.perform(taken, fields: fields)
                    if let label { noteClick(label, madeEntry: before, of: scene.clickPath, in: session) }
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
        let notice = session.apply { $0.takeNotice() }
        return .captured(scene.window.updatedScreenTree(), action: action, notice: notice, path: scene.clickPath)
    }

    static let emptyWindowMessage =
        "The window has no root view controller: the app's start (WebApp's closure) or its first step must set "
        + "window.rootViewController."

    private func publish(_ tree: ScreenTree, notice: String?, path: ClickPath, in session: Session) throws(RenderError)
        -> PublishedPage
    {
        if notice == nil, let page = session.lastPage, page.version == tree.version { return page }
        // Worked out once a page: the comments and the published page both name it.
        let storyboardScreen = tree.storyboardScreen
        let body: CompressedBody
        if tree.layers.isEmpty {
            // Logged once per version of the window: a cached page is not rendered again.
            logger.warning(
                "\(Self.emptyWindowMessage)", metadata: ["session": "\(session.id.short)"])
            body = CompressedBody(
                renderer.renderMessage(
                    title: "Nothing on screen", message: Self.emptyWindowMessage, linkTitle: "Try again", linkURL: "/",
                    links: .served))
        } else {
            var links = servedLinks(for: tree, of: session)
            // A tester's pages take no comments: a study link opens nothing but the study.
            if !session.isTester { links.comments = pageComments(on: storyboardScreen, path: path) }
            // Compressed from the bytes the render wrote: no String is made of a served page.
            body = CompressedBody(
                try renderer.renderHTML(
                    tree, links: links, notice: notice, problemDetails: configuration.showsInspector
                ).bytes)
        }
        let page = PublishedPage(
            version: tree.version, screenID: tree.visibleScreen?.id ?? ScreenID(rawValue: 0),
            storyboardScreen: screenNames.shared(storyboardScreen), body: body)
        session.publish(page)
        return page
    }

    /// The session's click path now, after the requests before this one (nil once it ended).
    func clickPath(of session: Session, clientGone: EventLoopFuture<Void>?) async throws -> ClickPath? {
        try await session.queue.run(clientGone: clientGone) {
            await MainActor.run { session.scene?.clickPath }
        }
    }
}
