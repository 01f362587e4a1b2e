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
        session.studyRun.withLock { $0 = StudyRun(studyID: study.id, study: study.study) }
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

    /// When `tree` shows a goal screen of the tester's task under way: the task ends as a success
    /// and the next one opens, whose first page is returned; nil otherwise (and for no tester).
    /// Call it in the session's queue.
    func endTaskAtGoal(_ tree: ScreenTree, of session: Session) async throws(RenderError) -> Outcome? {
        guard
            session.studyRun.withLock({
                $0?.isGoal(screen: tree.storyboardScreen, template: tree.visibleScreen?.template) ?? false
            })
        else { return nil }
        return try await endTask(of: session) { .succeeded(entry: $0) }
    }

    /// The links of a page of tree `version` of `session`: a tester's page has no Share control
    /// and no inspector (a study link opens nothing else), and the prompt of their task.
    func servedLinks(version: Int, of session: Session) -> PageLinks {
        guard let run = session.studyRun.withLock({ $0 }) else {
            return .served(
                version: version, process: processID.prefix(8), showsInspector: configuration.showsInspector)
        }
        var links = PageLinks.served(version: version, process: processID.prefix(8), showsInspector: false)
        links.share = nil
        links.taskPrompt = run.prompt
        return links
    }

    /// Ends the task under way with the event `event` makes of the tester's path length, keeps the
    /// path, then opens the next task; after the last one, the page on screen. In the queue.
    private func endTask(of session: Session, _ event: (Int) -> StudyEvent.Kind) async throws(RenderError)
        -> Outcome
    {
        let windowPath = await MainActor.run { session.scene?.clickPath } ?? ClickPath()
        guard let run = session.studyRun.withLock({ $0 }) else { return try await update(session, .none) }
        let path = ClickPath(run.path.entries + windowPath.entries)
        let ended = StudyEvent(task: run.task, at: .now, kind: event(path.entries.count))
        await record([ended], of: session, path: path)
        session.studyRun.withLock {
            $0?.path = path
            $0?.task += 1
        }
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

    /// Appends `events` to the tester's in the store, with `path` as their copy when given. A
    /// refusal (their events' bound) or a failing store is logged: the tester goes on.
    private func record(_ events: [StudyEvent], of session: Session, path: ClickPath? = nil) async {
        let start = session.studyRun.withLock { $0?.storedEvents ?? 0 }
        do {
            try await paths.record(events, ofTester: session.id.description, at: start, path: path)
            session.studyRun.withLock { $0?.storedEvents += events.count }
        } catch StudyRecordError.tooManyEvents {
            testerEventsFull.hit(logger)
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
        }
    }
}
