import FlowHostApp
import FlowHostSQLite
import Foundation
import GRDB
import HTMLPresenter
import Testing

/// What only the SQLite store does: its file, kept across closing and a `kill -9`, shared by two
/// instances, its modes, and files it must refuse or move aside. The rules every store keeps are
/// ``ClickPathStoreTests``'.
@Suite("The SQLite store", .serialized)
struct SQLiteClickPathStoreTests {
    /// Runs `body` with a new empty folder, removed afterwards.
    private func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    @Test("paths and shares survive closing and reopening the file")
    func survivesReopening() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "store.sqlite").path
            try await SQLiteClickPathStore(path: path).whileRunning { first in
                try await first.append(ClickPathStoreTests.entries, toSession: "a", at: 0)
                try await first.share(
                    ClickPath([.deepLink("movies/1")]), id: "s", bySession: "a", expires: ClickPathStoreTests.inAMonth)
            }

            let second = try SQLiteClickPathStore(path: path)
            #expect(try await second.path(ofSession: "a") == ClickPath(ClickPathStoreTests.entries))
            #expect(try await second.share(id: "s", askedBy: "a")?.path == ClickPath([.deepLink("movies/1")]))
            try await second.append([.liveMove], toSession: "a", at: ClickPathStoreTests.entries.count)
            #expect(try await second.path(ofSession: "a")?.entries.count == ClickPathStoreTests.entries.count + 1)
        }
    }

    @Test("committed appends are in the file while the writer is still open, as after a kill -9")
    func survivesWithoutClosing() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "store.sqlite").path
            let first = try SQLiteClickPathStore(path: path)
            try await first.append(Array(ClickPathStoreTests.entries[0..<3]), toSession: "a", at: 0)
            try await first.append(Array(ClickPathStoreTests.entries[3...]), toSession: "a", at: 3)

            let second = try SQLiteClickPathStore(path: path)
            #expect(try await second.path(ofSession: "a") == ClickPath(ClickPathStoreTests.entries))
            // Either instance goes on where the file ends.
            try await second.append([.liveMove], toSession: "a", at: ClickPathStoreTests.entries.count)
            await #expect(throws: ClickPathStoreError.startMismatch(session: "a", start: 5, stored: 6)) {
                try await first.append([.deepLink("another")], toSession: "a", at: 5)
            }
            withExtendedLifetime(first) {}
        }
    }

    @Test("two instances on one file sign tokens with one key, and its digest is the SHA-256 the file keeps")
    func sharedTokenKey() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "store.sqlite").path
            let first = try SQLiteClickPathStore(path: path)
            let second = try SQLiteClickPathStore(path: path)
            #expect(try await first.tokenKey() == second.tokenKey())
            let other = try SQLiteClickPathStore(path: folder.appending(path: "other.sqlite").path)
            #expect(try await other.tokenKey() != first.tokenKey())
            // The token key is derived, not the store key itself (which seals secret values).
            let storeKey = try String(contentsOfFile: path + ".key", encoding: .utf8)
            #expect(Data(try await first.tokenKey()).base64EncodedString() + "\n" != storeKey)
            #expect(
                first.sessionDigest(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        }
    }

    @Test("a memory store's token key is its own: another store in the process has another")
    func memoryTokenKey() async throws {
        #expect(try await MemoryClickPathStore().tokenKey() != MemoryClickPathStore().tokenKey())
    }

    @Test("the file is in WAL mode with synchronous=NORMAL, and its folder is created")
    func walMode() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: ".flowhost/nested/flowhost.sqlite").path
            let store = try SQLiteClickPathStore(path: path)
            try await store.append([.liveMove], toSession: "a", at: 0)

            #expect(try await store.journalMode() == "wal")
            #expect(try await store.synchronousSetting() == 1)
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("appends reach the database file itself while the store is open, not only its write-ahead log")
    func checkpointsWhileOpen() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "store.sqlite").path
            let store = try SQLiteClickPathStore(path: path)
            let fileSize = { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
            let before = fileSize()
            // Two checkpoints' worth of appends (WALCheckpointer.writesPerCheckpoint each).
            for session in 0..<600 {
                try await store.append(ClickPathStoreTests.entries, toSession: "s\(session)", at: 0)
            }
            // The checkpoint runs on a thread of its own: give it time.
            let deadline = ContinuousClock.now + .seconds(10)
            while fileSize() < before + 256 * 1024, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(fileSize() >= before + 256 * 1024, "the file holds the appended sessions")
            #expect(try await store.path(ofSession: "s599") == ClickPath(ClickPathStoreTests.entries))
        }
    }

    @Test("a file that is not a database gives an error naming the file and what to do")
    func garbageFile() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "flowhost.sqlite").path
            let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try garbage.write(to: URL(fileURLWithPath: path))

            let error = try #require(throws: ClickPathStoreError.self) { try SQLiteClickPathStore(path: path) }
            guard case .notAStore(let file, _) = error else {
                Issue.record("expected notAStore, got \(error)")
                return
            }
            #expect(file == path)
            #expect(error.description.hasPrefix("\(path) is not a FlowHost store (file is not a database)"))
            #expect(error.description.contains("--store memory"))
            // Refusing it left the file as it was.
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        }
    }

    @Test("opening with openMovingAside renames a file that is not a database and starts empty")
    func movesGarbageAside() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "flowhost.sqlite").path
            let garbage = Data(repeating: 0xAB, count: 8192)
            try garbage.write(to: URL(fileURLWithPath: path))

            let (store, movedAside) = try SQLiteClickPathStore.openMovingAside(path: path)

            let moved = try #require(movedAside)
            #expect(moved.movedTo.hasPrefix("\(path).corrupt-"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: moved.movedTo)) == garbage)
            #expect(moved.error.description.contains("not a database"))
            #expect(try await store.path(ofSession: "a") == nil)
            try await store.append([.liveMove], toSession: "a", at: 0)
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove]))
            // A good store opens as it is.
            try await store.whileRunning { _ in }
            #expect(try SQLiteClickPathStore.openMovingAside(path: path).movedAside == nil)
        }
    }

    @Test("another program's database is refused, not written to")
    func foreignDatabase() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "other.sqlite").path
            try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER)") }

            #expect(
                throws: ClickPathStoreError.notAStore(
                    file: path, reason: "a database of another program, with tables invoices")
            ) {
                try SQLiteClickPathStore(path: path)
            }
        }
    }

    @Test(
        "a store a newer FlowHost wrote, with tables this build does not know, is refused as newer, not as another program's"
    )
    func newerStoreWithNewTables() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "store.sqlite").path
            try await SQLiteClickPathStore(path: path, environment: [:]).whileRunning { _ in }
            try await DatabaseQueue(path: path).write { db in
                try db.execute(
                    sql: "CREATE TABLE future_records (id TEXT); INSERT INTO grdb_migrations VALUES ('future')")
            }

            #expect(throws: ClickPathStoreError.notAStore(file: path, reason: "written by a newer FlowHost")) {
                try SQLiteClickPathStore(path: path, environment: [:])
            }
        }
    }

    @Test("a path that cannot be opened (a folder) is an unreadable error, not a crash")
    func unreadable() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "a-folder").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)

            let error = try #require(throws: ClickPathStoreError.self) { try SQLiteClickPathStore(path: path) }
            guard case .unreadable(let file, _) = error else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
            #expect(file == path)
            #expect(throws: ClickPathStoreError.self) { try SQLiteClickPathStore.openMovingAside(path: path) }
        }
    }
}
