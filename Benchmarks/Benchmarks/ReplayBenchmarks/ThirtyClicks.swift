import FlowHostApp
import Foundation
import HTMLPresenter
import MovieDemo
import WebHost

/// A 30-click path through the sample: sign in, then open a movie and go back, movie after movie.
@MainActor
final class ThirtyClicks {
    let app: WebApp
    let path: ClickPath
    let title: String?

    private init(app: WebApp, path: ClickPath, title: String?) {
        self.app = app
        self.path = path
        self.title = title
    }

    /// Walks the sample once, its clock held so that no real time passes, and keeps the path.
    static func record() async -> ThirtyClicks {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let app = try! MovieDemo.app(templates: root.appendingPathComponent("Templates").path)
        let scene = SessionScene(app: app)
        scene.window.clock.beginReplay()
        await scene.settle()
        await click("form", in: scene, fields: ["email": "ada@example.com", "password": "flowhost"])
        let unrestricted = [1, 2, 3, 6, 7, 8]  // 4 and 5 answer with the Restricted alert
        for index in 0..<29 {
            let onList = scene.window.updatedScreenTree().visibleScreen?.title == "Movies"
            await click(
                onList ? "step detail(id: \(unrestricted[index / 2 % unrestricted.count]))" : "back to Movies",
                in: scene)
        }
        precondition(scene.clickPath.entries.count == 30, "the walk made \(scene.clickPath.entries.count) clicks")
        return ThirtyClicks(
            app: app, path: scene.clickPath, title: scene.window.updatedScreenTree().visibleScreen?.title)
    }

    /// Replays the path in a fresh window; stops the benchmark if it did not land where recorded.
    func replayOnce() async {
        let scene = SessionScene(app: app)
        let replay = await scene.replay(path)
        precondition(
            replay.stoppedBecause == nil && scene.window.updatedScreenTree().visibleScreen?.title == title,
            "the replay did not rebuild the session: \(replay)")
        scene.window.rootViewController = nil
    }

    private static func click(_ description: String, in scene: SessionScene, fields: FormFields = FormFields()) async {
        guard let action = scene.window.updatedScreenTree().action(description) else {
            preconditionFailure("no action '\(description)' on screen")
        }
        _ = try? await scene.perform(action.token, fields: fields)
        await scene.settle()
    }
}
