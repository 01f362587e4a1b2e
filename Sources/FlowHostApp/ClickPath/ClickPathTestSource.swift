import HTMLPresenter

/// Writes a click path as a Swift Testing test ("Copy as test" in the inspector): the test makes
/// the app, replays the path in a fresh ``SessionScene`` (waits take no time) and snapshots the page
/// after each entry with FlowTesting's `.html` strategy.
///
/// The app says how a test makes it: the imports of its module and the lines that define `app`.
///
/// What was typed into a secret field (`FormField/secret(_:)`) is never copied, whoever's session
/// it is: the test gets a `let` for each such value, set to an editor placeholder
/// (`<#password on login/login#>`) that does not compile until it is filled in. A test file is
/// pasted into repositories, chats and CI logs, where a password must not go; the compiler then
/// points at each value to write, and the one who writes it knows it (a demo account's password)
/// or takes it from elsewhere (`ProcessInfo.processInfo.environment`).
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
        var secrets: [String] = []
        let entries = path.entries.flatMap { Self.literal($0, secrets: &secrets) }
        if !secrets.isEmpty {
            lines.append(
                "    // What was typed into secret fields is never copied: write each value in its placeholder.")
            lines += secrets.enumerated().map { "    let secret\($0 + 1): String = <#\($1)#>" }
        }
        lines.append("    let path = ClickPath([")
        lines += entries
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

    /// The entry as lines of the path's array literal (one, or three for an action). A secret value
    /// is written as the name of a new `let` (`secret1`), whose placeholder text goes to `secrets`.
    private static func literal(_ entry: ClickPath.Entry, secrets: inout [String]) -> [String] {
        switch entry {
        case .action(let position, let fields):
            let values = fields.fields.map { field in
                guard field.isSecret else { return string(field.value) }
                secrets.append(placeholder(field.name, on: position.screen))
                return "secret\(secrets.count)"
            }
            let fieldList =
                fields.fields.isEmpty
                ? "[:]"
                : Set(fields.fields.map(\.name)).count == fields.fields.count
                    ? "[" + zip(fields.fields, values).map { "\(string($0.name)): \($1)" }.joined(separator: ", ")
                        + "]"
                    : "FormFields(["
                        + zip(fields.fields, values).map { ".init(name: \(string($0.name)), value: \($1))" }
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

    /// The text of the editor placeholder for the secret field `name` of the screen at `screen`:
    /// `password on login/login`, without what would end a placeholder or a line, or reorder what
    /// a reader sees (control and format characters: bidi overrides).
    private static func placeholder(_ name: String, on screen: ScreenPosition) -> String {
        var text = String.UnicodeScalarView()
        for scalar in "\(name) on \(screen.template ?? "a container")".unicodeScalars
        where scalar != "#" && ![.control, .format].contains(scalar.properties.generalCategory) {
            text.append(scalar)
        }
        return String(text)
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
