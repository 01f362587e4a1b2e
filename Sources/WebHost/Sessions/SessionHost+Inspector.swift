import FlowCore
import FlowHostApp
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
    /// `entryCount` entries of its click path (time travel), built as a rebuilt session is. Its
    /// stored path, now longer than the session, is removed and stored anew on the next update.
    /// Returns false, changing nothing, when the path is shorter or the session is not live. Call
    /// it inside the session's queue.
    func goBack(_ session: Session, toEntryCount entryCount: Int) async -> Bool {
        let replaced = await MainActor.run { () -> (path: ClickPath, version: Int)? in
            guard let scene = session.scene, entryCount <= scene.clickPath.entries.count else { return nil }
            return (ClickPath(Array(scene.clickPath.entries.prefix(entryCount))), scene.window.version)
        }
        guard let replaced, session.changeLife({ $0.wentBack() }) else { return false }
        await forgetStoredPath(of: session)
        await MainActor.run { session.releaseScene() }
        await buildScene(
            of: session, from: replaced.path, versionsAfter: replaced.version,
            stoppedNotice: "Went back as far as its clicks still fit this prototype")
        return true
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
