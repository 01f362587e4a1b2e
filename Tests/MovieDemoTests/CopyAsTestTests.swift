import FlowCore
import FlowHostApp
import Foundation
import HTMLPresenter
import Testing

@testable import MovieDemo

/// "Copy as test": what the inspector gives for a fixed click path of the sample is the committed
/// `CopiedClickPathTest.swift`, word for word once its secret placeholder is filled in with the demo
/// account's password (as a person pasting it would), so the copied source is known to compile and
/// pass in this target (it runs with the others). After a change to the generator, rewrite the file
/// with `FLOWHOST_WRITE_COPIED_TEST=1 swift test --filter CopyAsTestTests` and record its snapshots
/// (`SNAPSHOT_TESTING_RECORD=all`).
@MainActor
@Suite("Copy as test")
struct CopyAsTestTests {
    static let copiedTest = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "CopiedClickPathTest.swift")

    /// Sign in, Heat, Al Pacino, Back to Heat, the Stack tab, Next, a deep link: a click path with an
    /// action with fields, actions without, a reveal and a deep link.
    private func recordedPath() async throws -> ClickPath {
        let scene = SessionScene(app: DemoDriver.app)
        await scene.settle()
        func tap(_ description: String, fields: FormFields = FormFields()) async throws {
            let tree = scene.window.updatedScreenTree()
            let action = try #require(tree.action(description), "no '\(description)' in \(tree.actions)")
            _ = try await scene.perform(action.token, fields: fields)
            await scene.settle()
        }
        try await tap("form", fields: ["email": Account.demoEmail, "password": Account.demoPassword])
        try await tap("step detail(id: 1)")
        let heat = try #require(scene.window.updatedScreenTree().visibleScreen?.id)
        try await tap("step person(id: 101)")
        #expect(scene.reveal(heat))
        await scene.settle()
        try await tap("tab Stack")
        try await tap("step screen(\"B\")")
        #expect(scene.openLink("movies/2"))
        await scene.settle()
        return scene.clickPath
    }

    @Test("typed values reach the source with every control, bidi and invisible character escaped (no Trojan Source)")
    func hiddenCharactersEscaped() throws {
        let hidden: [Unicode.Scalar] = [
            "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200B}", "\u{200F}", "\u{FEFF}", "\u{07}", "\u{7F}",
            "\u{85}", "\u{9F}", "\u{2028}", "\u{2029}", "\u{A0}", "\u{AD}",
        ]
        let typed = "é🎬" + String(String.UnicodeScalarView(hidden))
        let position = ActionPosition(screen: ScreenPosition(layer: 0, path: [0], template: "login/login"), index: 0)
        let source = try #require(DemoDriver.app.testSource).source(
            for: ClickPath([.action(position, fields: ["password": typed]), .deepLink("movies/\u{202E}2")]))
        for scalar in hidden {
            #expect(!source.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) unescaped")
            #expect(source.contains("\\u{\(String(scalar.value, radix: 16, uppercase: true))}"))
        }
        #expect(source.contains(#""password": "é🎬\u{202A}\u{202E}"#), "what shows as itself stays itself")
        #expect(source.contains(#".deepLink("movies/\u{202E}2")"#))
    }

    @Test("the inspector's test source for a fixed path is the committed CopiedClickPathTest.swift")
    func copiedTestIsCurrent() async throws {
        let path = try await recordedPath()
        #expect(path.entries.count == 7)
        let copied = try #require(DemoDriver.app.testSource).source(for: path)
        #expect(!copied.contains(Account.demoPassword), "a secret value is never copied")
        let placeholder = "<#password on login/login#>"
        #expect(copied.contains("let secret1: String = \(placeholder)"))
        let source = copied.replacing(placeholder, with: "\"\(Account.demoPassword)\"")
        if ProcessInfo.processInfo.environment["FLOWHOST_WRITE_COPIED_TEST"] == "1" {
            try source.write(to: Self.copiedTest, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.copiedTest, encoding: .utf8)
        #expect(
            committed == source,
            "CopiedClickPathTest.swift is not what Copy as test gives now: rewrite it (see CopyAsTestTests)")
    }
}
