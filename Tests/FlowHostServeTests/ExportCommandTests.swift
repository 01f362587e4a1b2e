import ArgumentParser
import Foundation
import Testing

@testable import FlowHostServe

@Suite("flowhost export --store")
struct ExportCommandTests {
    @Test("a store file that does not exist is refused with why before anything is written, and none is made")
    func missingStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (store, out) = (folder.appending(path: "none.sqlite"), folder.appending(path: "site"))
        let command = try ExportCommand.parse(["--out", out.path, "--store", store.path])
        let error = await #expect(throws: ValidationError.self) { try await command.run() }
        #expect(error?.message == "--store \(store.path): no such file; name the store a server kept its comments in.")
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
