import HTMLPresenter

/// Writes a click path as a Swift Testing test ("Copy as test" in the inspector): the test makes
/// the app, replays the path in a fresh ``SessionScene`` (waits take no time) and snapshots the page
/// after each entry with FlowTesting's `.html` strategy.
///
/// The app says how a test makes it: the imports of its module and the lines that define `app`.
public struct ClickPathTestSource: Sendable {
    /// Lines after FlowHost's own imports, e.g. `@testable import MovieDemo`.
    public var imports: [String]
    /// Lines at the start of the test that define `let app: WebApp` (they may `try`).
    public var makeApp: [String]
    /// The test function's name.
    public var testName: String

    /// A recipe for the app's tests.
    public init(imports: [String], makeApp: [String], testName: String = "replaysClickPath") {
        self.imports = imports
        self.makeApp = makeApp
        self.testName = testName
    }

    /// The whole test file for `path`, formatted as `swift format` leaves it.
    public func source(for path: ClickPath) -> String {
        var lines = [
            "// \"Copy as test\" from FlowHost's inspector: replays a click path of the prototype and snapshots",
            "// the page after each entry (the first run records the snapshots).",
            "import FlowHostApp",
            "import FlowTesting",
            "import Foundation",
            "import HTMLPresenter",
            "import SnapshotTesting",
            "import Testing",
            "",
        ]
        lines += imports
        lines += ["", "@MainActor @Test func \(testName)() async throws {"]
        lines += makeApp.map { "    " + $0 }
        lines.append("    let path = ClickPath([")
        lines += path.entries.flatMap { Self.literal($0) }
        lines += [
            "    ])",
            "    let scene = SessionScene(app: app)",
            "    var pages: [ScreenTree] = []",
            "    let replay = await scene.replay(path) { _ in pages.append(scene.window.updatedScreenTree()) }",
            "    #expect(replay.stoppedBecause == nil)",
            "    let renderer = PageRenderer(templates: app.templates)",
            "    for (index, page) in pages.enumerated() {",
            "        assertSnapshot(of: try renderer.validatedPage(page), as: .html, named: \"\\(index + 1)\")",
            "    }",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The entry as lines of the path's array literal (one, or three for an action).
    private static func literal(_ entry: ClickPath.Entry) -> [String] {
        switch entry {
        case .action(let position, let fields):
            let fieldList =
                fields.fields.isEmpty
                ? "[:]"
                : Set(fields.fields.map(\.name)).count == fields.fields.count
                    ? "[" + fields.fields.map { "\(string($0.name)): \(string($0.value))" }.joined(separator: ", ")
                        + "]"
                    : "FormFields(["
                        + fields.fields.map { ".init(name: \(string($0.name)), value: \(string($0.value)))" }
                        .joined(separator: ", ") + "])"
            return [
                "        .action(",
                "            ActionPosition(screen: \(literal(position.screen)), index: \(position.index)),",
                "            fields: \(fieldList)),",
            ]
        case .reveal(let position): return ["        .reveal(\(literal(position))),"]
        case .deepLink(let path): return ["        .deepLink(\(string(path))),"]
        case .liveMove: return ["        .liveMove,"]
        }
    }

    private static func literal(_ position: ScreenPosition) -> String {
        let path = "[" + position.path.map(String.init).joined(separator: ", ") + "]"
        return
            "ScreenPosition(layer: \(position.layer), path: \(path), template: \(position.template.map(string) ?? "nil"))"
    }

    /// A Swift string literal of `text`: a typed value may hold what must not reach source
    /// unescaped (bidi overrides, zero-width characters).
    private static func string(_ text: String) -> String {
        SwiftStringLiteral.quoted(text)
    }
}
