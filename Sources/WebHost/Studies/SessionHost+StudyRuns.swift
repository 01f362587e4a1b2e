import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import NIOCore

/// A tester's way through a study: a study link starts a session of their own, each task opens in
/// a fresh window at its start, and a task ends at a goal screen, or when the tester says "I'm
/// done" or gives up; the store gets each event and, at each task's end, the tester's path.
extension SessionHost {
    /// How a task ended without a goal screen.
    enum TaskEnd: Sendable {
        /// "I'm done".
        case done
        /// "Give up".
        case gaveUp

        /// The event that ends a task so after the tester's path's first `entry` entries.
        func event(entry: Int) -> StudyEvent.Kind {
            switch self {
            case .done: .done(entry: entry)
            case .gaveUp: .gaveUp(entry: entry)
            }
        }
    }

    /// Why no tester started.
    enum TesterRefusal: Error, Sendable {
        /// The store refused: the link opens nothing, or the study has its testers.
        case refused(StudyRecordError)
        /// The store could not be asked (its log says why).
        case storeFailed
    }

    /// Starts a tester of the study whose link is `link` in a new session, at the first task's
    /// start, and returns the session with its first page. A refused tester's session never got a
    /// cookie: it leaves with the new sessions nobody came back to.
    func startTester(fromStudyLink link: String) async throws -> (Session, Outcome) {
        let session = await startSession()
        let study: StoredStudy
        do {
            study = try await paths.startTester(session.id.description, fromStudyLink: link)
        } catch let error as StudyRecordError {
            if case .tooManyTesters = error { testersFull.hit(logger) }
            throw TesterRefusal.refused(error)
        } catch {
            logger.warning("click path store: \(error)")
            throw TesterRefusal.storeFailed
        }
        logger.info("tester started", metadata: ["session": "\(session.id.short)", "study": "\(study.id)"])
        let shared = sharedStudies.shared(study.study, id: study.id)
        session.studyRun.withLock { $0 = StudyRun(studyID: study.id, study: shared) }
        await boundLog(of: session)
        let outcome = try await session.queue.run { () throws(RenderError) in try await beginTask(of: session) }
        return (session, outcome)
    }

    /// Ends the tester's task under way as `end`, then opens the next one; nil when the session
    /// has no task under way (no tester, or their last task ended).
    func endTask(_ end: TaskEnd, of session: Session, clientGone: EventLoopFuture<Void>?) async throws -> Outcome? {
        try await session.queue.run(clientGone: clientGone) { () throws(RenderError) -> Outcome? in
            guard session.studyRun.withLock({ $0?.current != nil }) else { return nil }
            return try await endTask(of: session, end.event)
        }
    }

    /// Notes the screen `tree` shows, `screen` (its storyboard id, as its published page names it),
    /// for the tester's screen times; when it is a goal screen of their task under way, the task
    /// ends as a success and the next one opens, whose first page is returned; nil otherwise (and
    /// for no tester). Call it in the session's queue.
    func endTaskAtGoal(_ tree: ScreenTree, showing screen: String, of session: Session) async throws(RenderError)
        -> Outcome?
    {
        let isGoal = session.studyRun.withLock { run -> Bool in
            guard run != nil else { return false }
            guard run?.isGoal(screen: screen, template: tree.visibleScreen?.template) == true else {
                run?.show(screen: screen, at: .now)
                return false
            }
            // The goal ends the task the moment it shows: it was not looked at, so it has no time.
            run?.closeScreen(at: .now)
            return true
        }
        guard isGoal else { return nil }
        return try await endTask(of: session) { .succeeded(entry: $0) }
    }

    /// What became of a tester's note from `flowhost.js`.
    enum ScriptNote: Sendable, Equatable {
        /// Noted, to be written with the task's end.
        case noted
        /// The session does no task now, or shows another screen (a page left behind): nothing
        /// noted.
        case notShown
    }

    /// Notes, for the tester `session`, a click on their screen `screen` (its storyboard id) at
    /// `x`, `y` (fractions of the screen) that hit no action; `x` and `y` nil: only that the script
    /// ran on it (``StudyEvent/Kind/scriptRan``, once per task). Kept in memory until the task
    /// ends (or the session does), so a misclick costs no store write; past
    /// ``StudyRun/maxPendingEvents`` they are dropped, logged once.
    func noteScript(screen: String, x: Double?, y: Double?, of session: Session) -> ScriptNote {
        let (noted, isFull) = session.studyRun.withLock { run -> (Bool, Bool) in
            guard run != nil else { return (false, false) }
            let noted =
                if let x, let y {
                    run?.misclick(screen: screen, x: x, y: y, at: .now) ?? false
                } else {
                    run?.noteScriptRan(screen: screen, at: .now) ?? false
                }
            return (noted, run?.isPendingFull ?? false)
        }
        if isFull { testerEventsFull.hit(logger) }
        return noted ? .noted : .notShown
    }

    /// Writes what the testers among `sessions`, which leave memory, did in their task under way:
    /// their waiting events, with the screen on show closed now, and their path so far, whose part
    /// after their task's `started` is where a bounced tester went (results draw the drop-off from
    /// it). One store write per tester, at their leaving, not one per click. Each `windowPath` is
    /// the tester's window's click path, read before the window closed.
    func keepTasksUnderWay(of sessions: [(session: Session, windowPath: ClickPath?)]) async {
        for (session, windowPath) in sessions {
            guard
                let run = session.studyRun.withLock({ run -> StudyRun? in
                    run?.closeScreen(at: .now)
                    return run
                }), !run.isFinished
            else { continue }
            let events = session.studyRun.withLock { $0?.takePending() ?? [] }
            let windowEntries = windowPath?.entries ?? []
            await record(
                events, of: session, path: ClickPath(run.path.entries + windowEntries),
                labels: run.copyLabels(windowEntries: windowEntries.count))
        }
    }

    /// The run of the study `session` is a tester of, as the store keeps it: a session rebuilt from
    /// the store (after a restart, on another process, out of hibernation) goes on with it at the
    /// task under way. Nil when the session is no tester, or when what the store has cannot be read
    /// (logged).
    /// - Throws: ``ClickPathStoreError/unavailable(reason:)`` when the store cannot be reached.
    func storedStudyRun(of session: Session) async throws(ClickPathStoreError) -> StudyRun? {
        do {
            guard let (studyID, tester) = try await paths.tester(session: session.id.description),
                let stored = try await paths.study(id: studyID)
            else { return nil }
            return StudyRun(studyID: studyID, study: sharedStudies.shared(stored.study, id: studyID), tester: tester)
        } catch ClickPathStoreError.unavailable(let reason) {
            throw .unavailable(reason: reason)
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
            return nil
        }
    }

    /// The links of the page of `tree` of `session`: a tester's page has no Share control and no
    /// inspector (a study link opens nothing else), and the prompt of their task, naming the
    /// screen `flowhost.js` notes misclicks on.
    func servedLinks(for tree: ScreenTree, of session: Session) -> PageLinks {
        let run = session.studyRun.withLock { $0 }
        var links = PageLinks.served(
            version: tree.version, screen: tree.visibleScreen?.id, process: processID.prefix(8),
            showsInspector: run == nil && configuration.showsInspector)
        if let version = publicFolderVersion.current {
            links.publicFiles = FlowHostRoute.publicFilesPrefix + version + "/"
        }
        guard let run else { return links }
        links.share = nil
        links.taskPrompt = run.prompt
        links.taskPrompt?.scriptNotes = PageLinks.TaskPrompt.ScriptNotes(
            screen: tree.storyboardScreen, misclickURL: FlowHostRoute.studyMisclick.url,
            scriptRanURL: FlowHostRoute.studyScriptRan.url)
        return links
    }

    /// The label of the action `token` as the page of `scene` on show labels it, when `session` is
    /// a tester's (nil otherwise): their page is rendered again, reading labels, rather than its
    /// labels kept in memory between clicks (a tester costs no more than a signed-in session). The
    /// window's capture keeps its tokens while its version does not move, so `token` is found.
    @MainActor
    func testerLabel(of token: String, on scene: SessionScene, of session: Session) -> String? {
        guard session.isTester else { return nil }
        let tree = scene.window.updatedScreenTree()
        return try? renderer.renderPage(tree, links: servedLinks(for: tree, of: session)).label(of: token)
    }

    /// Notes, for the tester `session`, that taking an action labelled `label` made the entry
    /// `entry` of their window's path `path`: kept with their path copy, so that a re-run names a
    /// step that no longer exists by what the tester read.
    func noteClick(_ label: String, madeEntry entry: Int, of path: ClickPath, in session: Session) {
        guard path.entries.indices.contains(entry), case .action = path.entries[entry] else { return }
        session.studyRun.withLock { run in
            guard let earlier = run?.path.entries else { return }
            let typed = (earlier + path.entries).flatMap { entry -> [String] in
                guard case .action(_, let fields) = entry else { return [] }
                return fields.fields.map(\.value)
            }
            run?.noteClick(label: label, entry: entry, typed: typed)
        }
    }

    /// Ends the task under way with the event `event` makes of the tester's path length, keeps the
    /// path, then opens the next task; after the last one, the page on screen. In the queue.
    private func endTask(of session: Session, _ event: (Int) -> StudyEvent.Kind) async throws(RenderError)
        -> Outcome
    {
        let windowPath = await MainActor.run { session.scene?.clickPath } ?? ClickPath()
        guard let run = session.studyRun.withLock({ $0 }) else { return try await update(session, .none) }
        let path = ClickPath(run.path.entries + windowPath.entries)
        let labels = run.copyLabels(windowEntries: windowPath.entries.count)
        let ended = StudyEvent(task: run.task, at: .now, kind: event(path.entries.count))
        let waiting = session.studyRun.withLock { run -> [StudyEvent] in
            run?.closeScreen(at: ended.at)
            return run?.takePending() ?? []
        }
        await record(waiting + [ended], of: session, path: path, labels: labels)
        session.studyRun.withLock { $0?.beginNextTask(after: path, labels: labels) }
        return try await beginTask(of: session)
    }

    /// Opens the task under way in a fresh window at its start (the first task's is the session's
    /// own, new) and records that it started; with none under way, the page on screen. In the queue.
    private func beginTask(of session: Session) async throws(RenderError) -> Outcome {
        guard let run = session.studyRun.withLock({ $0 }), let task = run.current else {
            return try await update(session, .none)
        }
        await record([StudyEvent(task: run.task, at: .now, kind: .started(entry: run.path.entries.count))], of: session)
        if run.task > 0 {
            await replaceScene(of: session, because: .back, stoppedNotice: "") { _ in ClickPath() }
        }
        guard case .deepLink(let path) = task.start else { return try await update(session, .none) }
        let link = String(path.dropFirst(DeepLinks.pathPrefix.count)).removingPercentEncoding ?? path
        guard path.hasPrefix(DeepLinks.pathPrefix), app.deepLinks.step(for: link) != nil else {
            logger.warning("study \(run.studyID): task \(run.task + 1) starts at \(path), which opens no screen")
            return try await update(session, .none)
        }
        return try await update(session, .openLink(link))
    }

    /// Appends `events` to the tester's in the store, with `path` as their copy when given. Past
    /// their events' bound what fits is kept ([StudyEvent]'s `fitting(into:)`: the path, a task's
    /// start and end, then the newest), and the bound logged once; a failing store is logged: the
    /// tester goes on.
    private func record(
        _ events: [StudyEvent], of session: Session, path: ClickPath? = nil, labels: [String?] = [],
        isRetry: Bool = false
    ) async {
        let start = session.studyRun.withLock { $0?.storedEvents ?? 0 }
        do {
            try await paths.record(events, ofTester: session.id.description, at: start, path: path, labels: labels)
            session.studyRun.withLock { $0?.storedEvents += events.count }
        } catch StudyRecordError.tooManyEvents(_, let limit) {
            testerEventsFull.hit(logger)
            // Each try keeps fewer: the last keeps none, which no bound refuses.
            let fitting = events.fitting(into: limit - start)
            guard fitting.count < events.count else { return }
            await record(fitting, of: session, path: path, labels: labels, isRetry: isRetry)
        } catch StudyRecordError.eventStartMismatch(_, _, let stored?) where !isRetry {
            // Another process recorded this tester's events meanwhile (a cluster without sticky
            // sessions): these follow the store's.
            session.studyRun.withLock { $0?.storedEvents = stored }
            await record(events, of: session, path: path, labels: labels, isRetry: true)
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
        }
    }
}
