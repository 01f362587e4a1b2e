import ArgumentParser
import Foundation
import Testing

@testable import FlowHostServe

@Suite("flowhost export --store")
struct ExportCommandTests {
    @Test(
        "a store that cannot be read (a file not there, a file that is no store) exits 69 before anything is written, and is left as it was"
    )
    func unreadableStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (store, out) = (folder.appending(path: "none.sqlite"), folder.appending(path: "site"))
        let command = try ExportCommand.parse(["--out", out.path, "--store", store.path])
        await #expect(throws: ExitCode(ReadOnlyStore.exitStatus)) { try await command.run() }
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(!FileManager.default.fileExists(atPath: out.path))

        let notes = folder.appending(path: "notes.txt")
        try Data("notes\n".utf8).write(to: notes)
        let onNotes = try ExportCommand.parse(["--out", out.path, "--store", notes.path])
        await #expect(throws: ExitCode(ReadOnlyStore.exitStatus)) { try await onNotes.run() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }
}
