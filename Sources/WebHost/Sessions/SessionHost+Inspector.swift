import FlowCore
import HTMLPresenter

extension SessionHost {
    /// At most this many steps of the log are shown, newest first (the log keeps more).
    static let inspectedSteps = 200

    /// What the inspector shows of `session` now; nil once it ended. Call it inside the session's
    /// queue, so that no change is halfway through.
    @MainActor
    func inspection(of session: Session) -> Inspection? {
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
    /// `entryCount` entries of its click path (time travel), as a restored session is rebuilt. Its
    /// stored path is rewritten to match on the next update. Returns false, changing nothing, when
    /// the path is shorter or the session ended. Call it inside the session's queue.
    func goBack(_ session: Session, toEntryCount entryCount: Int) async -> Bool {
        let replaced = await MainActor.run { () -> SessionScene? in
            guard let scene = session.scene, entryCount <= scene.clickPath.entries.count else { return nil }
            return scene
        }
        guard let replaced else { return false }
        await replaceScene(of: session, replacing: replaced, entryCount: entryCount)
        do {
            try await paths.removeSessions([session.id.description])
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
        }
        return true
    }

    @MainActor
    private func replaceScene(of session: Session, replacing old: SessionScene, entryCount: Int) async {
        let path = ClickPath(Array(old.clickPath.entries.prefix(entryCount)))
        old.close()
        let scene = makeScene(for: session, versionsAfter: old.window.version)
        session.scene = scene
        let replay = await scene.replay(path, settleTimeout: configuration.settleTimeout)
        // Stored anew from the first entry: the store's path was the longer one.
        scene.storedEntryCount = 0
        if let problem = replay.stoppedBecause {
            scene.notice = "Went back as far as its clicks still fit this prototype: \(problem)."
        }
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
