import FlowHostApp
import Foundation
import GRDB
import HTMLPresenter
import Testing

@testable import FlowHostSQLite

/// The SQLite store's append written through SQLite's own API (`AppendStatements`): the rows it
/// leaves are the ones GRDB's statements left, and a statement SQLite refuses fails its
/// transaction and leaves the statements ready for the next.
@Suite("The SQLite store's append statements")
struct SQLiteAppendStatementsTests {
    /// Runs `body` with a store in a new folder, and a second connection to its file to look at
    /// the rows; the folder is removed afterwards.
    private func withStore(_ body: (SQLiteClickPathStore, DatabaseQueue) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "store.sqlite").path
        let store = try SQLiteClickPathStore(path: path)
        let file = try DatabaseQueue(path: path)
        try await body(store, file)
        try file.close()
    }

    /// Entries whose text has quotes, non-ASCII, a character outside the BMP and 40 KB in one value.
    private static let entries: [ClickPath.Entry] = [
        .action(
            ActionPosition(screen: ScreenPosition(layer: 0, path: [0], template: "movies/list"), index: 2),
            fields: FormFields([
                .init(name: "name", value: "Ada \"the first\" Lovelace, née Byron ✓ 🎬"),
                .init(name: "notes", value: String(repeating: "a<b>&'\"é", count: 5_000)),
            ])),
        .deepLink("movies/42?sort=year&q=%C3%A9"),
        .liveMove,
    ]
    /// An entry appended after them.
    private static let reveal = ClickPath.Entry.reveal(ScreenPosition(layer: 1, path: [], template: nil))

    /// A row of the `entries` table.
    private struct Stored: Equatable {
        let session: String
        let position: Int
        let entry: String
    }

    @Test("an append's rows are its entries' text byte for byte, its session's count, time and recency")
    func rowsAsBefore() async throws {
        try await withStore { store, file in
            let before = Date.now.timeIntervalSince1970
            try await store.append(Self.entries, toSession: "a", at: 0)
            try await store.append([.liveMove], toSession: "b", at: 0)
            try await store.append([Self.reveal], toSession: "a", at: 3)
            let after = Date.now.timeIntervalSince1970

            let (a, b) = (store.sessionDigest(of: "a"), store.sessionDigest(of: "b"))
            let rows = try file.read { db in
                try Row.fetchAll(db, sql: "SELECT session, position, entry FROM entries ORDER BY session, position")
            }
            let expected =
                try (Self.entries + [Self.reveal]).enumerated().map {
                    Stored(session: a, position: $0.offset, entry: try store.sealed.text(of: $0.element))
                } + [Stored(session: b, position: 0, entry: try store.sealed.text(of: .liveMove))]
            #expect(
                rows.map { Stored(session: $0["session"], position: $0["position"], entry: $0["entry"]) }
                    == expected.sorted { ($0.session, $0.position) < ($1.session, $1.position) })

            let sessions = try file.read { db in
                try Row.fetchAll(db, sql: "SELECT id, entryCount, lastUsed, recency FROM sessions ORDER BY recency")
            }
            // Most recently used last: b, then a's second append.
            #expect(sessions.map { $0["id"] as String } == [b, a])
            #expect(sessions.map { $0["entryCount"] as Int } == [1, 4])
            #expect(sessions.map { $0["recency"] as Int } == [2, 3])
            for session in sessions {
                #expect((before...after).contains(session["lastUsed"] as Double))
            }
            #expect(try await store.path(ofSession: "a") == ClickPath(Self.entries + [Self.reveal]))
        }
    }

    @Test("appends from many tasks at once, written together, take one recency each: none shared, none skipped")
    func recencyInBatches() async throws {
        try await withStore { store, file in
            let (sessions, clicks) = (32, 10)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for session in 0..<sessions {
                    group.addTask {
                        for position in 0..<clicks {
                            try await store.append([.liveMove], toSession: "s\(session)", at: position)
                        }
                    }
                }
                try await group.waitForAll()
            }
            // Every append made its session the most recent, one above the highest before it.
            let recencies = try await file.read { db in try Int.fetchAll(db, sql: "SELECT recency FROM sessions") }
            #expect(recencies.count == sessions)
            #expect(Set(recencies).count == sessions)
            #expect(recencies.max() == sessions * clicks)
        }
    }

    @Test(
        "a statement SQLite refuses fails its append, leaves the session's row as it was, and the next append is stored"
    )
    func refusedStatement() async throws {
        try await withStore { store, file in
            try await store.append([.liveMove], toSession: "a", at: 0)
            // A row at position 1 the session's count does not know of: the entry's insert breaks
            // the table's primary key after the session's row was updated.
            let a = store.sessionDigest(of: "a")
            try await file.write { db in
                try db.execute(
                    sql: "INSERT INTO entries (session, position, entry) VALUES (?, 1, 'stray')", arguments: [a])
            }

            await #expect(throws: DatabaseError.self) {
                try await store.append([.deepLink("movies/1")], toSession: "a", at: 1)
            }
            let row = try file.read { db in
                try Row.fetchOne(db, sql: "SELECT entryCount, recency FROM sessions WHERE id = ?", arguments: [a])
            }
            #expect(row?["entryCount"] as Int? == 1)
            #expect(row?["recency"] as Int? == 1)

            try await store.append([.deepLink("movies/2")], toSession: "b", at: 0)
            #expect(try await store.path(ofSession: "b") == ClickPath([.deepLink("movies/2")]))
        }
    }
}
