import ArgumentParser
import Foundation
import Testing

@testable import flowhost

/// `flowhost check` as CI runs it, the built executable in a process of its own: the templates'
/// problems, then the names the sample's crawled states read and give.
@Suite("flowhost check", .serialized)
struct CheckTests {
    /// The repository, found from this file.
    private static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `flowhost` with `arguments`, run from the repository's root: its exit status, output and errors.
    private func flowhost(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        // The test binary is built beside the executables.
        let executable = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "flowhost")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// A copy of the sample's templates with `edit` applied to `file`'s text.
    private func templates(editing file: String, _ edit: (String) -> String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-check-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.root.appending(path: "Templates"), to: folder)
        let url = folder.appending(path: file)
        let source = try String(contentsOf: url, encoding: .utf8)
        let edited = edit(source)
        #expect(edited != source, "the edit changed \(file)")
        try Data(edited.utf8).write(to: url)
        return folder
    }

    /// Line `line`'s column of `text` in `file` of `folder`.
    private func column(of text: String, inLine line: Int, of file: String, in folder: URL) throws -> Int {
        let source = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
        let lineText = source.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        return try #require(lineText.range(of: text)).lowerBound.utf16Offset(in: lineText) + 1
    }

    @Test("flowhost's help still names it flowhost")
    func helpNamesFlowhost() {
        #expect(FlowHostTool.helpMessage(columns: 1000).contains("USAGE: flowhost <subcommand>"))
    }

    @Test("a misspelled name warns at its file:line:col, and --strict-names makes it an error (exit 65)")
    func misspelledName() throws {
        let folder = try templates(editing: "login/login.mustache") {
            $0.replacingOccurrences(of: "{{demoEmail}}", with: "{{demoEmial}}")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: folder.appending(path: "login/login.mustache"), encoding: .utf8)
        let line = try #require(source.split(separator: "\n").firstIndex { $0.contains("{{demoEmial}}") }) + 1
        let place = "\(folder.path)/login/login.mustache:\(line):"
        let col = try column(of: "{{demoEmial}}", inLine: line, of: "login/login.mustache", in: folder)

        let warned = try flowhost(["check", folder.path, "--max-steps", "1"])
        #expect(warned.status == 0, "\(warned.errors)")
        #expect(
            warned.errors.contains(
                #"\#(place)\#(col): warning: "demoEmial" is read here but never filled; did you mean "demoEmail"?"#),
            "\(warned.errors)")
        #expect(
            warned.errors.contains(#": warning: "demoEmail" is given to login/login but never read"#),
            "\(warned.errors)")
        #expect(warned.errors.contains("{{! optional: NAME }}"), "how to mark a name optional")
        #expect(warned.output.contains("no problems; 2 names to look at"), "\(warned.output)")

        let strict = try flowhost(["check", folder.path, "--max-steps", "1", "--strict-names"])
        #expect(strict.status == 65)
        #expect(strict.errors.contains(#"\#(place)\#(col): error: "demoEmial" is read here but never filled"#))
    }

    @Test("the sample's templates agree with its view models, strictly")
    func sampleIsClean() throws {
        let checked = try flowhost(["check", "--max-steps", "2", "--strict-names"])
        #expect(checked.status == 0, "\(checked.errors)")
        #expect(checked.output.contains("templates, no problems; every name they read is filled"), "\(checked.output)")
    }

    @Test("a broken template: file:line:col: message and exit 65, before any crawl")
    func brokenTemplate() throws {
        let folder = try templates(editing: "movies/detail.mustache") { $0 + "{{#open}}\n" }
        defer { try? FileManager.default.removeItem(at: folder) }
        let checked = try flowhost(["check", folder.path])
        #expect(checked.status == 65)
        #expect(checked.errors.contains(#"\#(folder.path)/movies/detail.mustache:"#))
        #expect(checked.errors.contains(#"section "open" opened here is never closed"#), "\(checked.errors)")
        #expect(!checked.errors.contains("crawled"))
    }
}
