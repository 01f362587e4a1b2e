import FlowCore
import FlowHostApp
import FlowTesting
import HTMLPresenter
import Testing

@testable import MovieDemo

/// The browser's Forward over what Back closed (`SessionScene.revisit(_:)`): the person's action
/// that opened the screen is taken again, in order over several, and recorded, so that a replay
/// of the path gives the same window; when something else was opened meanwhile, or the screen
/// was never shown, nothing changes.
@MainActor
@Suite("Forward")
struct ForwardTests {
    private let scene = SessionScene(app: DemoDriver.app)

    private func tap(_ description: String, fields: FormFields = FormFields()) async throws {
        let tree = scene.window.updatedScreenTree()
        let action = try #require(tree.action(description), "no '\(description)' in \(tree.actions)")
        _ = try await scene.perform(action.token, fields: fields)
        await scene.settle()
    }

    private static func page(_ scene: SessionScene) throws -> String {
        HTMLNormalizer.normalize(
            try PageRenderer(templates: DemoDriver.templates).render(scene.window.updatedScreenTree(), links: .snapshot)
        )
    }

    private var top: ScreenSnapshot? { scene.window.updatedScreenTree().visibleScreen }

    private func signedIn() async throws -> ScreenID {
        await scene.settle()
        try await tap("form", fields: ["email": Account.demoEmail, "password": Account.demoPassword])
        return try #require(top?.id)
    }

    @Test("Back, Back, Forward, Forward opens Heat then Al Pacino again, and a replay gives the same window")
    func forwardRedoesInOrder() async throws {
        let list = try await signedIn()
        try await tap("step detail(id: 1)")
        let heat = try #require(top?.id)
        try await tap("step person(id: 101)")
        let pacino = try #require(top?.id)
        #expect(scene.reveal(heat))
        #expect(scene.reveal(list))
        await scene.settle()

        #expect(await scene.revisit(heat) == .redone)
        await scene.settle()
        #expect(top?.title == "Heat")
        #expect(await scene.revisit(pacino) == .redone)
        await scene.settle()
        #expect(top?.title == "Al Pacino")

        let (copy, replay) = await SessionScene.replaying(scene.clickPath, app: DemoDriver.app)
        #expect(replay.stoppedBecause == nil)
        #expect(try Self.page(copy) == Self.page(scene))
    }

    @Test("Forward opens again the rating sheet Back dismissed")
    func forwardRedoesASheet() async throws {
        _ = try await signedIn()
        try await tap("step detail(id: 1)")
        let heat = try #require(top?.id)
        try await tap("step rate(id: 1)")
        let rate = try #require(top?.id)
        #expect(scene.reveal(heat))
        await scene.settle()
        #expect(await scene.revisit(rate) == .redone)
        await scene.settle()
        #expect(top?.title == "Rate")
        #expect(scene.window.updatedScreenTree().layers.count == 2, "a sheet again")
    }

    @Test("after another screen was opened from the list, Forward to Heat changes nothing and names Heat")
    func forwardAfterAnotherScreenIsGone() async throws {
        let list = try await signedIn()
        try await tap("step detail(id: 1)")
        let heat = try #require(top?.id)
        #expect(scene.reveal(list))
        #expect(scene.openLink("movies/2"))
        await scene.settle()
        let path = scene.clickPath
        #expect(await scene.revisit(heat) == .gone(title: "Heat"))
        #expect(scene.clickPath == path)
        #expect(top?.title == "The Godfather")
    }

    @Test("a screen address the window never had (a forged Forward) changes nothing")
    func forgedForwardChangesNothing() async throws {
        _ = try await signedIn()
        let path = scene.clickPath
        let shown = top
        #expect(await scene.revisit(ScreenID(rawValue: 9999)) == .unknown)
        #expect(scene.clickPath == path)
        #expect(top == shown)
    }

    @Test("Forward remembers the screens opened last, 64 of them: the oldest is forgotten first")
    func forwardForgetsTheOldest() async throws {
        let list = try await signedIn()
        var opened: [ScreenID] = []
        for _ in 0...64 {
            try await tap("step detail(id: 1)")
            opened.append(try #require(top?.id))
            #expect(scene.reveal(list))
            await scene.settle()
        }
        let path = scene.clickPath
        #expect(await scene.revisit(opened[0]) == .unknown, "forgotten: 65 were opened")
        #expect(scene.clickPath == path)
        #expect(await scene.revisit(opened[1]) == .redone)
        await scene.settle()
        #expect(top?.title == "Heat")
    }
}
