import FlowHostApp
import Foundation
import GRDB
import HTMLPresenter
import Synchronization

/// A ``ClickPathStore`` in one SQLite file (by default `.flowhost/flowhost.sqlite`), so that
/// sessions and share links outlive the process, a `kill -9` included.
///
/// Built on GRDB (groue/GRDB.swift 7), over the system's SQLite (`libsqlite3-dev`): it builds
/// under Swift 6 on Linux without a warning, its `DatabasePool` is `Sendable` with `async` reads
/// and writes on a writer and concurrent readers, and it brings a versioned schema
/// (`DatabaseMigrator`) and cached statements. vapor's sqlite-nio bundles its own SQLite but is
/// one connection running each query on a thread pool, with no migrations or statement cache.
///
/// The file is in WAL mode with `synchronous=NORMAL`: a commit needs no `fsync`, and a committed
/// transaction survives the process dying (not a power cut before the next checkpoint). Appends
/// are group-committed: those that arrive while a transaction is written share the next one. The
/// tables: `sessions` (id, entry count, last used), `entries` (session, position, entry as JSON)
/// and `shares` (id, path as JSON, created).
///
/// Bounded like ``MemoryClickPathStore``: at most `maxSessions` sessions (a new one beyond removes
/// the least recently used with its entries), at most `maxEntriesPerSession` entries a path (an
/// append past it throws ``ClickPathStoreError/pathTooLong(session:limit:)`` and stores nothing),
/// and an append must start where the stored path ends. Shares are kept for good and not bounded.
public final class SQLiteClickPathStore: ClickPathStore {
    // MARK: - Stored properties

    /// What ``openMovingAside(path:maxSessions:maxEntriesPerSession:)`` did with a file that was no
    /// store.
    public struct MovedAside: Sendable, Equatable {
        /// Why the file could not be used.
        public let error: ClickPathStoreError
        /// Where it is now.
        public let movedTo: String
    }

    /// The database file.
    public let file: String
    /// At most this many sessions are kept; a new one beyond removes the least recently used.
    public let maxSessions: Int
    /// At most this many entries are kept for a session.
    public let maxEntriesPerSession: Int
    private let database: DatabasePool
    private let appendQueue = Mutex(AppendQueue())
    /// Bounds how long one transaction holds the file's write lock.
    private static let maxAppendsPerTransaction = 256

    /// An append, encoded, waiting for its transaction.
    private struct PendingAppend: Sendable {
        let session: String
        let start: Int
        let rows: [String]
        let now: Double
    }

    /// The appends waiting, oldest first, and whether one of their callers is writing.
    private struct AppendQueue {
        var waiting: [(append: PendingAppend, continuation: CheckedContinuation<Turn, any Error>)] = []
        var writing = false
    }

    /// What a waiting append is told: it was written, or its caller writes the next transaction.
    private enum Turn {
        case done
        case write
    }

    // MARK: - Initialization

    /// Opens the store in the file at `path`, creating the file and its folder when missing.
    /// - Throws: ``ClickPathStoreError/notAStore(file:reason:)`` for a file that is no FlowHost
    ///   store, ``ClickPathStoreError/unreadable(file:reason:)`` for one that cannot be opened.
    public init(path: String, maxSessions: Int = 2000, maxEntriesPerSession: Int = 2000) throws {
        precondition(maxSessions > 0 && maxEntriesPerSession >= 0, "a store keeps at least one session")
        self.file = path
        self.maxSessions = maxSessions
        self.maxEntriesPerSession = maxEntriesPerSession
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            // Session ids are cookie values: the folder is the user's alone.
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ClickPathStoreError.unreadable(
                file: path, reason: "cannot create its folder: \(error.localizedDescription)")
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        // Another instance on the same file (a second process, a restart while the old one ends).
        configuration.busyMode = .timeout(5)
        do {
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.checkIsStore(database, file: path)
            try Self.migrator.migrate(database)
        } catch let error as DatabaseError {
            throw Self.openError(error, file: path)
        }
    }

    /// Opens the store at `path` like ``init(path:maxSessions:maxEntriesPerSession:)``, but when
    /// the file is no FlowHost store, renames it (with its `-wal` and `-shm` files) to
    /// `<name>.corrupt-<time>` beside it, never deleting it, and opens a new empty store there.
    /// - Returns: the store, and what was moved aside and why (for the log), or nil.
    /// - Throws: ``ClickPathStoreError/unreadable(file:reason:)`` when the file cannot be opened
    ///   or moved: fall back to a ``MemoryClickPathStore``.
    public static func openMovingAside(
        path: String, maxSessions: Int = 2000, maxEntriesPerSession: Int = 2000
    ) throws -> (store: SQLiteClickPathStore, movedAside: MovedAside?) {
        do {
            let store = try SQLiteClickPathStore(
                path: path, maxSessions: maxSessions, maxEntriesPerSession: maxEntriesPerSession)
            return (store, nil)
        } catch let error as ClickPathStoreError {
            guard case .notAStore = error else { throw error }
            let stamp = Date.now.formatted(Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted))
            let aside = "\(path).corrupt-\(stamp)"
            let files = FileManager.default
            do {
                try files.moveItem(atPath: path, toPath: aside)
                for suffix in ["-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
                    try files.moveItem(atPath: path + suffix, toPath: aside + suffix)
                }
            } catch {
                throw ClickPathStoreError.unreadable(
                    file: path, reason: "cannot move it to \(aside): \(error.localizedDescription)")
            }
            let store = try SQLiteClickPathStore(
                path: path, maxSessions: maxSessions, maxEntriesPerSession: maxEntriesPerSession)
            return (store, MovedAside(error: error, movedTo: aside))
        }
    }

    /// Closes the file; any later call throws.
    public func close() throws {
        try database.close()
    }

    // MARK: - API

    /// The stored path of the session `session`, or nil when the store has none.
    public func path(ofSession session: String) async throws -> ClickPath? {
        let rows = try await database.read { db -> [String]? in
            guard try Int.fetchOne(db, sql: "SELECT entryCount FROM sessions WHERE id = ?", arguments: [session]) != nil
            else { return nil }
            return try String.fetchAll(
                db.cachedStatement(sql: "SELECT entry FROM entries WHERE session = ? ORDER BY position"),
                arguments: [session])
        }
        return try rows.map { ClickPath(try $0.map(decodeEntry)) }
    }

    /// Appends `entries` at `start`, which must be the number of entries stored (0 creates the
    /// session); throws ``ClickPathStoreError`` and stores nothing otherwise, or past the bound.
    /// Appends that arrive while a transaction is written go in the next one together, each in a
    /// savepoint of its own: one append's error undoes none of the others. The next transaction is
    /// written by the first of its appends' own callers: no task outlives the calls.
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        let encoder = JSONEncoder()
        let rows = try entries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let append = PendingAppend(session: session, start: start, rows: rows, now: Date.now.timeIntervalSince1970)
        let turn = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Turn, any Error>) in
            let writesNow = appendQueue.withLock { queue in
                guard queue.writing else {
                    queue.writing = true
                    return true
                }
                queue.waiting.append((append, continuation))
                return false
            }
            if writesNow { continuation.resume(returning: .write) }
        }
        if turn == .write { try await write(append) }
    }

    /// Writes `first` and the appends waiting behind it (at most `maxAppendsPerTransaction` in all)
    /// in one transaction, then hands the writing on to the first append still waiting.
    private func write(_ first: PendingAppend) async throws {
        let (maxSessions, maxEntries) = (self.maxSessions, maxEntriesPerSession)
        let batch = appendQueue.withLock { queue in
            let batch = Array(queue.waiting.prefix(Self.maxAppendsPerTransaction - 1))
            queue.waiting.removeFirst(batch.count)
            return batch
        }
        let appends = [first] + batch.map(\.append)
        let failures: [(any Error)?]
        do {
            failures = try await database.write { db in
                try appends.map { append -> ClickPathStoreError? in
                    do {
                        try db.inSavepoint {
                            try Self.write(append, maxSessions: maxSessions, maxEntries: maxEntries, in: db)
                            return .commit
                        }
                        return nil
                    } catch let error as ClickPathStoreError {
                        return error
                    }
                }
            }
        } catch {
            // The transaction itself failed (the disk, the file): none of its appends is stored.
            failures = Array(repeating: error, count: appends.count)
        }
        for ((_, continuation), failure) in zip(batch, failures.dropFirst()) {
            if let failure { continuation.resume(throwing: failure) } else { continuation.resume(returning: .done) }
        }
        let next = appendQueue.withLock { queue -> CheckedContinuation<Turn, any Error>? in
            guard !queue.waiting.isEmpty else {
                queue.writing = false
                return nil
            }
            return queue.waiting.removeFirst().continuation
        }
        next?.resume(returning: .write)
        if let failure = failures[0] { throw failure }
    }

    /// One append, checked against what is stored; throws ``ClickPathStoreError`` before writing.
    private static func write(_ append: PendingAppend, maxSessions: Int, maxEntries: Int, in db: Database) throws {
        let (session, start, rows) = (append.session, append.start, append.rows)
        let stored = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT entryCount FROM sessions WHERE id = ?"), arguments: [session])
        guard start == (stored ?? 0) else {
            throw ClickPathStoreError.startMismatch(session: session, start: start, stored: stored)
        }
        guard start + rows.count <= maxEntries else {
            throw ClickPathStoreError.pathTooLong(session: session, limit: maxEntries)
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO sessions (id, entryCount, lastUsed, recency)
                VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(recency), 0) + 1 FROM sessions))
                ON CONFLICT (id) DO UPDATE SET entryCount = ?2, lastUsed = ?3, recency = excluded.recency
                """
        ).execute(arguments: [session, start + rows.count, append.now])
        let insert = try db.cachedStatement(sql: "INSERT INTO entries (session, position, entry) VALUES (?, ?, ?)")
        for (offset, row) in rows.enumerated() {
            try insert.execute(arguments: [session, start + offset, row])
        }
        if stored == nil {
            // Entries go with their session (ON DELETE CASCADE).
            try db.cachedStatement(
                sql: """
                    DELETE FROM sessions WHERE id IN (
                        SELECT id FROM sessions ORDER BY recency
                        LIMIT MAX(0, (SELECT COUNT(*) FROM sessions) - ?))
                    """
            ).execute(arguments: [maxSessions])
        }
    }

    /// Forgets the sessions `sessions` and their paths, in one transaction.
    public func removeSessions(_ sessions: [String]) async throws {
        guard !sessions.isEmpty else { return }
        try await database.write { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM sessions WHERE id = ?")
            for session in sessions { try delete.execute(arguments: [session]) }
        }
    }

    /// Forgets the sessions not appended to for `interval`, except `keeping`, in one transaction;
    /// returns how many.
    public func removeSessions(unusedFor interval: Duration, keeping: Set<String>) async throws -> Int {
        let cutoff = Date.now.timeIntervalSince1970 - Double(interval.components.seconds)
        return try await database.write { db in
            let unused = try String.fetchAll(db, sql: "SELECT id FROM sessions WHERE lastUsed < ?", arguments: [cutoff])
                .filter { !keeping.contains($0) }
            let delete = try db.cachedStatement(sql: "DELETE FROM sessions WHERE id = ?")
            for session in unused { try delete.execute(arguments: [session]) }
            return unused.count
        }
    }

    /// Keeps `path` under the share id `id`, replacing what was shared under it.
    public func share(_ path: ClickPath, id: String) async throws {
        let json = String(decoding: try JSONEncoder().encode(path), as: UTF8.self)
        let now = Date.now.timeIntervalSince1970
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO shares (id, path, created) VALUES (?, ?, ?)", arguments: [id, json, now])
        }
    }

    /// The path shared under `id`, or nil.
    public func sharedPath(id: String) async throws -> ClickPath? {
        let json = try await database.read { db in
            try String.fetchOne(db, sql: "SELECT path FROM shares WHERE id = ?", arguments: [id])
        }
        return try json.map { try decode(ClickPath.self, from: $0) }
    }

    /// The file's journal mode, as SQLite reports it (`wal`).
    public func journalMode() async throws -> String {
        try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// The connections' `synchronous` setting, as SQLite reports it (1 is `NORMAL`).
    public func synchronousSetting() async throws -> Int {
        try await database.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    // MARK: - Schema

    /// The schema, one migration per version; a file that has a migration this build does not
    /// know is refused (a newer FlowHost wrote it).
    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sessions (
                        id TEXT PRIMARY KEY NOT NULL,
                        entryCount INTEGER NOT NULL,
                        lastUsed REAL NOT NULL,
                        recency INTEGER NOT NULL
                    );
                    CREATE INDEX sessionsByRecency ON sessions (recency);
                    CREATE TABLE entries (
                        session TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        entry TEXT NOT NULL,
                        PRIMARY KEY (session, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE shares (
                        id TEXT PRIMARY KEY NOT NULL,
                        path TEXT NOT NULL,
                        created REAL NOT NULL
                    );
                    """)
        }
        return migrator
    }

    /// Refuses another program's database and a newer FlowHost's store before the migrator writes.
    private static func checkIsStore(_ database: DatabasePool, file: String) throws {
        try database.read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            let foreign = tables.filter { !["grdb_migrations", "sessions", "entries", "shares"].contains($0) }
            if !foreign.isEmpty {
                throw ClickPathStoreError.notAStore(
                    file: file, reason: "a database of another program, with tables \(foreign.joined(separator: ", "))")
            }
            if !tables.isEmpty, try migrator.hasBeenSuperseded(db) {
                throw ClickPathStoreError.notAStore(file: file, reason: "written by a newer FlowHost")
            }
        }
    }

    /// The typed error for a failure to open: the file's content, or its access.
    private static func openError(_ error: DatabaseError, file: String) -> ClickPathStoreError {
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notAStore(file: file, reason: reason)
        default: return .unreadable(file: file, reason: reason)
        }
    }

    private func decodeEntry(_ row: String) throws -> ClickPath.Entry {
        try decode(ClickPath.Entry.self, from: row)
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from json: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch {
            throw ClickPathStoreError.undecodable(file: file, reason: "\(error)")
        }
    }
}
