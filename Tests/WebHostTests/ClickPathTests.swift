import FlowCore
import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import Testing
import WebHost

@MainActor
@Suite("Click paths")
struct ClickPathTests {
    /// Performs the on-screen action described `description` (`"step page(2)"`, `"tab About"`).
    private func click(
        _ description: String, in scene: SessionScene, fields: FormFields = FormFields(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let tree = scene.window.updatedScreenTree()
        let action = try #require(
            tree.action(description), "no \(description) among \(tree.actions.map(\.description))",
            sourceLocation: sourceLocation)
        _ = try await scene.perform(action.token, fields: fields)
        await scene.settle()
    }

    /// What a person sees, with tokens renamed: two windows showing the same thing give the same text.
    private func page(_ scene: SessionScene, app: WebApp) throws -> String {
        HTMLNormalizer.normalize(
            try PageRenderer(templates: app.templates).render(scene.window.updatedScreenTree(), links: .served))
    }

    /// The window's whole tree, visible or not, by titles and templates (identifiers differ between windows).
    private func shape(_ scene: SessionScene) -> String {
        func shape(_ node: ScreenNode) -> String {
            guard let place = node.place else { return "\(node.title)[\(node.template ?? "")]" }
            return "\(place)@\(node.visibleIndex ?? -1)(\(node.children.map(shape).joined(separator: ", ")))"
        }
        return scene.window.updatedScreenTree().layers.map { shape($0.root) }.joined(separator: " | ")
    }

    @Test("a path of clicks, a form, Back, a tab and a deep link replays in a fresh window to the same tree and page")
    func replaysToSameWindow() async throws {
        let app = try labApp()
        let scene = SessionScene(app: app)
        await scene.settle()
        try await click("step page(2)", in: scene)
        try await click("step page(3)", in: scene)
        try await click("form", in: scene, fields: ["name": "x"])
        try await click("form", in: scene, fields: ["name": "Ada"])
        let pageTwo = try #require(
            scene.window.screenID(at: ScreenPosition(layer: 0, path: [0, 1], template: "lab/page")))
        #expect(scene.reveal(pageTwo))
        try await click("step sheet", in: scene)
        try await click("step closeSheet", in: scene)
        try await click("tab About", in: scene)
        #expect(scene.openLink("page/7"))
        await scene.settle()
        #expect(scene.clickPath.entries.count == 9)

        // The path survives encoding, as a store or a share link keeps it
        let path = try JSONDecoder().decode(ClickPath.self, from: try JSONEncoder().encode(scene.clickPath))
        let copy = SessionScene(app: app)
        let replay = await copy.replay(path)

        #expect(replay.replayed == 9 && replay.total == 9 && replay.stoppedBecause == nil)
        #expect(shape(copy) == shape(scene))
        #expect(try page(copy, app: app) == page(scene, app: app))
        #expect(copy.clickPath == scene.clickPath)
    }

    @Test("a typed value and a form error are part of the replayed page")
    func formStateReplays() async throws {
        let app = try labApp()
        let scene = SessionScene(app: app)
        await scene.settle()
        try await click("form", in: scene, fields: ["name": "x"])
        let copy = SessionScene(app: app)
        _ = await copy.replay(scene.clickPath)
        #expect(try page(copy, app: app).contains("A name has at least two letters."))
        #expect(try page(copy, app: app) == page(scene, app: app))
    }

    @Test("a live move is recorded when it happens, and replay takes none of its time")
    func liveMoveReplays() async throws {
        let app = try labApp()
        let scene = SessionScene(app: app)
        await scene.settle()
        try await click("run", in: scene)  // Later: page 2 comes 150 ms afterwards
        // At most 30 s: only a failing test waits that long; a busy machine may take seconds.
        let deadline = ContinuousClock.now + .seconds(30)
        while scene.window.updatedScreenTree().visibleScreen?.title != "Page 2", ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            await scene.settle()
        }
        #expect(scene.window.updatedScreenTree().visibleScreen?.title == "Page 2")
        #expect(scene.clickPath.entries.last == .liveMove)

        let copy = SessionScene(app: app)
        let replay = await copy.replay(scene.clickPath)
        #expect(replay.stoppedBecause == nil)
        #expect(shape(copy) == shape(scene))
    }

    @Test("a live move is in the click path by the time its wait returns: before the step a timer sends next")
    func liveMoveRecordedBeforeWaitReturns() async throws {
        let scene = SessionScene(app: try labApp())
        await scene.settle()
        try await scene.window.clock.sleep(for: .milliseconds(1))  // a wait outside any action
        #expect(scene.clickPath.entries.last == .liveMove)
    }

    @Test("replaying a live move takes none of the time the app waits for it", .timeLimit(.minutes(1)))
    func liveMoveReplaysAtOnce() async throws {
        // A step that comes an hour after the click: the walk holds its clock and lets it go off
        let app = try labApp(laterDelay: .seconds(3600))
        let scene = SessionScene(app: app)
        scene.window.clock.beginReplay()
        await scene.settle()
        try await click("run", in: scene)
        #expect(await scene.liveMove())
        await scene.settle()
        #expect(scene.window.updatedScreenTree().visibleScreen?.title == "Page 2")

        // Replayed in real time, it would take the hour (and hit the time limit)
        let copy = SessionScene(app: app)
        let replay = await copy.replay(scene.clickPath)
        #expect(replay.stoppedBecause == nil)
        #expect(shape(copy) == shape(scene))
    }

    @Test("a path that no longer fits stops at its last fitting entry, says which, and never clicks another button")
    func pathThatNoLongerFits() async throws {
        let app = try labApp()
        let scene = SessionScene(app: app)
        await scene.settle()
        try await click("step page(2)", in: scene)
        let nextToken = try #require(scene.window.updatedScreenTree().action("step page(3)")).token
        let next = try #require(scene.window.position(ofAction: nextToken))
        // A path recorded against another build: its second click names an action index the page does not have,
        // its third a screen whose template changed
        let path = ClickPath([
            scene.clickPath.entries[0],
            .action(ActionPosition(screen: next.screen, index: 99), fields: FormFields()),
            .action(
                ActionPosition(screen: ScreenPosition(layer: 0, path: [0, 1], template: "lab/renamed"), index: 0),
                fields: FormFields()),
        ])
        let copy = SessionScene(app: app)
        let replay = await copy.replay(path)
        #expect(replay.replayed == 1 && replay.total == 3)
        #expect(replay.stoppedBecause?.contains("step 2 of 3") == true)
        #expect(replay.stoppedBecause?.contains("is not on screen") == true)
        #expect(copy.window.updatedScreenTree().visibleScreen?.title == "Page 2")
        #expect(copy.clickPath.entries.count == 1)
    }

    @Test("an unknown deep link and the last action's token again record nothing")
    func refusedChangesAreNotRecorded() async throws {
        let app = try labApp()
        let scene = SessionScene(app: app)
        await scene.settle()
        let stale = try #require(scene.window.updatedScreenTree().action("step page(2)")).token
        try await click("step page(2)", in: scene)
        await #expect(throws: ActionError.alreadyTaken) { try await scene.perform(stale) }
        #expect(!scene.openLink("nowhere/1"))
        #expect(scene.clickPath.entries.count == 1)
    }

    @Test("an action is recorded with the fields its form declares, a secret one marked; a button with none")
    func recordsDeclaredFields() async throws {
        let scene = SessionScene(app: try labApp())
        await scene.settle()

        try await click("step page(2)", in: scene, fields: ["junk": "x"])
        try await click("form", in: scene, fields: ["name": "Ada", "junk": "x"])
        let unlock = try #require(scene.window.updatedScreenTree().actions.last { $0.isForm })
        _ = try await scene.perform(unlock.token, fields: ["pin": LabPageModel.pin, "junk": "x"])

        let fields = scene.clickPath.entries.map { entry -> FormFields? in
            guard case .action(_, let fields) = entry else { return nil }
            return fields
        }
        #expect(
            fields == [
                FormFields(), ["name": "Ada"],
                FormFields([.init(name: "pin", value: LabPageModel.pin, isSecret: true)]),
            ])
    }

    @Test("a scene records at most maxPathEntries entries, goes on, and reports the bound once")
    func pathBound() async throws {
        let scene = SessionScene(app: try labApp(), maxPathEntries: 2)
        var limits: [RecordingLimit] = []
        scene.onLimit = { limits.append($0) }
        await scene.settle()

        for page in 2...5 { try await click("step page(\(page))", in: scene) }

        #expect(scene.clickPath.entries.count == 2)
        #expect(scene.isPathFull)
        #expect(scene.window.updatedScreenTree().visibleScreen?.title == "Page 5")
        #expect(limits == [.pathFull(2)])
    }
}
