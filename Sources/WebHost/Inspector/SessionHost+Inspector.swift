import FlowCore
import FlowHostApp
import HTMLPresenter
import NIOCore

extension SessionHost {
    /// At most this many steps of the log are shown, newest first (the log keeps more).
    static let inspectedSteps = 200

    /// How many steps the log of `session`'s scene keeps: what its inspector shows; for a session
    /// that shows none (a tester's, or any with the inspector off), the last step only (a replay's
    /// live move waits for the log to move), unless the debug log prints the steps of each change.
    /// The log was the largest part of a tester's memory that no one reads: about 1 KB after
    /// signing in.
    func logCapacity(of session: Session) -> Int {
        (configuration.showsInspector && !session.isTester) || logger.logLevel <= .debug ? Self.inspectedSteps : 1
    }

    /// Bounds the log of `session`'s scene to ``logCapacity(of:)``: its run of a study was just set.
    func boundLog(of session: Session) async {
        let capacity = logCapacity(of: session)
        await MainActor.run { session.scene?.coordinator?.logCapacity = capacity }
    }

    /// What the inspector shows of `session` now; nil once it ended. Call it inside the session's
    /// queue, so that no change is halfway through.
    @MainActor
    private func currentInspection(of session: Session) -> Inspection? {
        guard let scene = session.scene else { return nil }
        let coordinator = scene.coordinator
        return Inspection(
            coordinators: coordinator?.snapshot(describingPresentables: Self.describe),
            log: (coordinator?.log.suffix(Self.inspectedSteps).reversed()).map(Array.init) ?? [],
            clickPath: scene.clickPath,
            backToHereURL: { FlowHostRoute.backToHere(entryCount: $0).url },
            testSource: app.testSource?.source(for: scene.clickPath))
    }

    /// "Back to here": the session's scene is replaced by a fresh one that replays the first
    /// `entryCount` entries of its click path (time travel), built as a rebuilt session is, then its
    /// page is rendered, in its queue. Its stored path, now longer than the session, is removed and
    /// stored anew on the next update. Nil, changing nothing, when the path is shorter or the
    /// session is not live.
    func goBack(
        _ session: Session, toEntryCount entryCount: Int, clientGone: EventLoopFuture<Void>?
    ) async throws -> Outcome? {
        try await session.queue.run(clientGone: clientGone) { () throws(RenderError) -> Outcome? in
            let wentBack = await replaceScene(
                of: session, because: .back, stoppedNotice: "Went back as far as its clicks still fit this prototype"
            ) { path in entryCount <= path.entries.count ? ClickPath(Array(path.entries.prefix(entryCount))) : nil }
            guard wentBack else { return nil }
            return try await update(session, .none)
        }
    }

    /// What the inspector shows of `session` now, after the requests before this one; nil once it
    /// ended.
    func inspection(of session: Session) async throws -> Inspection? {
        try await session.queue.run { await currentInspection(of: session) }
    }

    /// A screen by its type, title and template (`HTMLViewController "Heat" (movies/detail)`);
    /// another presentable by its type.
    @MainActor
    private static func describe(_ presentable: any Presentable) -> String {
        guard let screen = presentable as? HTMLViewController else { return "\(type(of: presentable))" }
        let title = screen.title.isEmpty ? "" : " \"\(screen.title)\""
        return "\(type(of: screen))\(title)" + (screen.templateName.map { " (\($0))" } ?? "")
    }
}
