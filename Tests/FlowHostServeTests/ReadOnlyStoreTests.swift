import FlowHostApp
import FlowHostSQLite
import Foundation
import Testing

@testable import FlowHostServe

/// The one way `study rerun` and `export --store` open `--store`: to read, changing nothing.
@Suite("Opening --store to read")
struct ReadOnlyStoreTests {
    /// A new folder of its own, which the test removes.
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The names in `folder`, sorted.
    private static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private static let environment: [String: String] = [:]

    @Test("a file that is not there is refused, and neither it, its folder nor a key file is made")
    func missingFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appending(path: "not-yet/store.sqlite").path
        let error = await #expect(throws: ReadOnlyStore.Refusal.self) {
            try await ReadOnlyStore.open(missing, environment: Self.environment)
        }
        #expect(
            error?.description
                == "error: --store \(missing): no such file (reading makes none): name the store a server kept")
        #expect(try Self.names(in: folder).isEmpty)
    }

    @Test("a file that is no store is refused and left as it was: not moved aside, nothing beside it")
    func notAStore() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "notes.sqlite")
        let text = Data("these are my notes, not a database\n".utf8)
        try text.write(to: file)
        let error = await #expect(throws: ReadOnlyStore.Refusal.self) {
            try await ReadOnlyStore.open(file.path, environment: ["FLOWHOST_STORE_KEY": Self.key])
        }
        #expect(error?.description.hasPrefix("error: --store \(file.path): no FlowHost store to read (") == true)
        #expect(try Data(contentsOf: file) == text)
        #expect(try Self.names(in: folder) == ["notes.sqlite"])

        // A store's file without its key file (and no FLOWHOST_STORE_KEY): none is made
        let store = folder.appending(path: "store.sqlite").path
        try await SQLiteClickPathStore(path: store).whileRunning { _ in }
        try FileManager.default.removeItem(atPath: store + ".key")
        let keyless = await #expect(throws: ReadOnlyStore.Refusal.self) {
            try await ReadOnlyStore.open(store, environment: Self.environment)
        }
        #expect(keyless?.description.contains("set FLOWHOST_STORE_KEY") == true, "\(keyless?.description ?? "")")
        #expect(!FileManager.default.fileExists(atPath: store + ".key"))
    }

    @Test("a URL that is no PostgreSQL URL is refused saying why, without its password; memory keeps nothing")
    func badURL() async throws {
        let error = await #expect(throws: ReadOnlyStore.Refusal.self) {
            try await ReadOnlyStore.open("postgres://owner:hunter2@db.example/", environment: Self.environment)
        }
        let message = try #require(error?.description)
        #expect(message.contains("no PostgreSQL URL (no database after the host"), "\(message)")
        #expect(!message.contains("hunter2"))
        let mode = await #expect(throws: ReadOnlyStore.Refusal.self) {
            try await ReadOnlyStore.open("postgres://owner@db.example/flowhost?sslmode=maybe", environment: [:])
        }
        #expect(mode?.description.contains("sslmode is one of") == true)
        let memory = await #expect(throws: ReadOnlyStore.Refusal.self) {
            try await ReadOnlyStore.open("memory", environment: Self.environment)
        }
        #expect(memory?.description.contains("keeps nothing once its server stops") == true)
    }

    @Test("a store a server kept is read, and every write it is asked is refused: the file does not change")
    func readsAndWritesNothing() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "store.sqlite").path
        let study = Study(
            title: "Rating", tasks: [StudyTask(prompt: "Rate a movie", start: .appStart, goal: ["rating/thanks"])])
        try await SQLiteClickPathStore(path: file).whileRunning { store in
            try await store.saveStudy(study, id: "rating", link: "link", expires: .now + 3600)
        }
        let before = try Data(contentsOf: URL(filePath: file))
        let opened = try await ReadOnlyStore.open(file, environment: Self.environment)
        let read = try await ReadOnlyStore.read(file, from: opened) { store in
            let found = try await store.study(id: "rating")
            await #expect(throws: ClickPathStoreError.self) {
                try await store.saveStudy(study, id: "other", link: "other", expires: .now + 3600)
            }
            return found
        }
        #expect(read?.study == study)
        #expect(try Data(contentsOf: URL(filePath: file)) == before)
        #expect(!(try Self.names(in: folder)).contains { $0.contains("corrupt") })
    }

    /// A key as `FLOWHOST_STORE_KEY` takes it: 32 bytes in base64.
    private static let key = Data(repeating: 7, count: 32).base64EncodedString()
}
