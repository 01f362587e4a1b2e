import FlowHostApp
import FlowHostAtRest
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
/// tables: `sessions` (id, entry count, last used, the share it started from), `entries`
/// (session, position, entry as JSON) and `shares` (id, path as JSON, entry count, created,
/// expires, sharer, revoked).
///
/// At rest: session and share ids are kept as their SHA-256 (``IdentifierDigest``), so a copy of
/// the file is no set of cookies or links; the values of secret fields are encrypted with
/// AES-256-GCM (``SecretSealer``) under the key `FLOWHOST_STORE_KEY` or the key file beside the
/// store (``StoreKey``); the folder is made `0700` and the files `0600`, found or created
/// (``StoreFiles``). A version 1 file (before these) is migrated when opened: its ids are hashed,
/// its shares expire 30 days after they were made, the file is rewritten (no raw id is left in its
/// free pages), and the values it holds stay as they were (it never marked a field secret).
///
/// Bounded like ``MemoryClickPathStore``: at most `maxSessions` sessions (a new one beyond removes
/// the least recently used with its entries), at most `maxEntriesPerSession` entries a path (an
/// append past it throws ``ClickPathStoreError/pathTooLong(session:limit:)`` and stores nothing),
/// at most `maxShares` shares (expired ones leave with the sweep), and an append must start where
/// the stored path ends.
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
    /// At most this many shares are kept; a new one beyond is refused.
    public let maxShares: Int
    private let database: DatabasePool
    private let sealer: SecretSealer
    private let actionTokenKey: [UInt8]
    /// The lifetime of a share migrated from a version 1 file, which kept shares for good.
    private static let migratedShareLifetime: TimeInterval = 30 * 24 * 60 * 60
    private let appendQueue = Mutex(AppendQueue())
    /// Bounds how long one transaction holds the file's write lock.
    private static let maxAppendsPerTransaction = 256

    /// An append, encoded, waiting for its transaction.
    private struct PendingAppend: Sendable {
        /// The session id, for errors; the store keeps `key`, its digest.
        let session: String
        let key: String
        let start: Int
        let rows: [String]
        let now: Double
    }

    /// The appends waiting, oldest first, and whether the writer is draining them.
    private struct AppendQueue {
        var waiting: [(append: PendingAppend, continuation: CheckedContinuation<Void, any Error>)] = []
        var writing = false
    }

    /// Where the appends are written, one transaction after the other, off Swift's cooperative pool
    /// (a write blocks its thread).
    private let writer = DispatchQueue(label: "flowhost.sqlite.appends")

    // MARK: - Initialization

    /// Opens the store in the file at `path`, creating the file and its folder when missing, and
    /// the key file beside it unless `environment` has `FLOWHOST_STORE_KEY`.
    /// - Throws: ``ClickPathStoreError/notAStore(file:reason:)`` for a file that is no FlowHost
    ///   store, ``ClickPathStoreError/unreadable(file:reason:)`` for one that cannot be opened
    ///   (or whose folder cannot be made its user's alone),
    ///   ``ClickPathStoreError/unusableKey(source:reason:)`` for a key that cannot be used.
    public init(
        path: String, maxSessions: Int = 2000, maxEntriesPerSession: Int = 2000, maxShares: Int = 10_000,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        precondition(
            maxSessions > 0 && maxEntriesPerSession >= 0 && maxShares >= 0, "a store keeps at least one session")
        self.file = path
        self.maxSessions = maxSessions
        self.maxEntriesPerSession = maxEntriesPerSession
        self.maxShares = maxShares
        do {
            try StoreFiles.prepareFolder(of: path)
        } catch {
            throw ClickPathStoreError.unreadable(
                file: path,
                reason: "cannot make its folder its user's alone (0700): \(error.localizedDescription);"
                    + " give the store a folder of its own")
        }
        let storeKey = try StoreKey.load(forStoreAt: path, environment: environment)
        sealer = SecretSealer(key: storeKey)
        actionTokenKey = StoreKey.tokenKey(derivedFrom: storeKey)
        var configuration = Configuration()
        configuration.journalMode = .wal
        // Another instance on the same file (a second process, a restart while the old one ends).
        configuration.busyMode = .timeout(5)
        do {
            try StoreFiles.prepareDatabase(path)
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.checkIsStore(database, file: path)
            let upgradesVersionOne = try database.read { db in
                try Self.migrator.appliedIdentifiers(db) == ["v1"]
            }
            try Self.migrator.migrate(database)
            if upgradesVersionOne {
                // The raw ids the migration replaced are left in free pages and the old file's
                // pages until rewritten: rewrite the file, and fold the log in.
                try database.writeWithoutTransaction { db in
                    try db.execute(sql: "VACUUM")
                    try db.checkpoint(.truncate)
                }
            }
            try StoreFiles.restrictDatabase(path)
        } catch let error as DatabaseError {
            throw Self.openError(error, file: path)
        } catch let error as ClickPathStoreError {
            throw error
        } catch {
            throw ClickPathStoreError.unreadable(file: path, reason: error.localizedDescription)
        }
    }

    /// Opens the store at `path` like
    /// ``init(path:maxSessions:maxEntriesPerSession:maxShares:environment:)``, but when the file is
    /// no FlowHost store, renames it (with its `-wal` and `-shm` files) to `<name>.corrupt-<time>`
    /// beside it, never deleting it, and opens a new empty store there.
    /// - Returns: the store, and what was moved aside and why (for the log), or nil.
    /// - Throws: ``ClickPathStoreError/unreadable(file:reason:)`` when the file cannot be opened
    ///   or moved: fall back to a ``MemoryClickPathStore``.
    public static func openMovingAside(
        path: String, maxSessions: Int = 2000, maxEntriesPerSession: Int = 2000, maxShares: Int = 10_000,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> (store: SQLiteClickPathStore, movedAside: MovedAside?) {
        func open() throws -> SQLiteClickPathStore {
            try SQLiteClickPathStore(
                path: path, maxSessions: maxSessions, maxEntriesPerSession: maxEntriesPerSession, maxShares: maxShares,
                environment: environment)
        }
        do {
            let store = try open()
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
            return (try open(), MovedAside(error: error, movedTo: aside))
        }
    }

    /// Closes the file; any later call throws.
    public func close() throws {
        try database.close()
    }

    // MARK: - API

    /// The stored path of the session `session` (after the shared one it started from), or nil
    /// when the store has none.
    public func path(ofSession session: String) async throws -> ClickPath? {
        let key = IdentifierDigest.of(session)
        let rows = try await database.read { db -> (shared: String?, entries: [String])? in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT entryCount, share FROM sessions WHERE id = ?"), arguments: [key])
            else { return nil }
            let share: String? = row["share"]
            let shared = try share.flatMap {
                try String.fetchOne(db.cachedStatement(sql: "SELECT path FROM shares WHERE id = ?"), arguments: [$0])
            }
            let entries = try String.fetchAll(
                db.cachedStatement(sql: "SELECT entry FROM entries WHERE session = ? ORDER BY position"),
                arguments: [key])
            return (shared, entries)
        }
        guard let rows else { return nil }
        let shared = try rows.shared.map { try decodePath($0).entries } ?? []
        return ClickPath(shared + (try rows.entries.map(decodeEntry)))
    }

    /// The paths of the sessions used at or after `since` (all when nil), the most recently used
    /// first, at most `limit`, read in one transaction and one query. Secret values are left
    /// empty, not decrypted: the figures need none, and 10,000 paths then cost no AES. An entry
    /// stored the same by many sessions (the same button) is decoded once, and the others on all
    /// processors: decoding, not reading, is most of the time (`Benchmarks/traffic.sh`).
    public func sessionPaths(usedSince since: Date?, limit: Int) async throws -> [ClickPath] {
        guard limit > 0 else { return [] }
        let since = since?.timeIntervalSince1970
        let rows = try await database.read {
            db -> (sessions: [(share: String?, entries: [String])], shares: [String: String]) in
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT s.recency, s.share, e.entry FROM (
                            SELECT id, share, recency FROM sessions WHERE ?1 IS NULL OR lastUsed >= ?1
                            ORDER BY recency DESC LIMIT ?2
                        ) AS s LEFT JOIN entries AS e ON e.session = s.id
                        ORDER BY s.recency DESC, e.position
                        """
                ), arguments: [since, limit])
            let sharedPath = try db.cachedStatement(sql: "SELECT path FROM shares WHERE id = ?")
            var sessions: [(share: String?, entries: [String])] = []
            var shares: [String: String] = [:]
            // A session's rows are told apart by its recency (unique, and no string to make).
            var session: Int64?
            while let row = try rows.next() {
                let recency: Int64 = row[0]
                if recency != session {
                    session = recency
                    let share: String? = row[1]
                    if let share, shares[share] == nil {
                        shares[share] = try String.fetchOne(sharedPath, arguments: [share])
                    }
                    sessions.append((share, []))
                }
                if let entry: String = row[2] { sessions[sessions.count - 1].entries.append(entry) }
            }
            return (sessions, shares)
        }
        let decoder = JSONDecoder()
        let shared = try rows.shares.mapValues { json in
            try decode(ClickPath.self, from: json, with: decoder).entries.map(\.secretValuesLeftOut)
        }
        var distinct: [String: Int] = [:]
        var texts: [String] = []
        let indices = rows.sessions.map { session in
            session.entries.map { stored in
                let json = Self.secretValuesLeftOut(ofStored: stored)
                if let index = distinct[json] { return index }
                distinct[json] = texts.count
                texts.append(json)
                return texts.count - 1
            }
        }
        let decoded = try await decodeEntries(texts)
        return zip(rows.sessions, indices).map { session, indices in
            ClickPath((session.share.flatMap { shared[$0] } ?? []) + indices.map { decoded[$0] })
        }
    }

    /// The stored entry `json` with the value of each secret field left empty, as text. A sealed
    /// value is random (its nonce) and appended anew with every sign-in, so no two stored sign-ins
    /// are the same text; without it, the same typed email signing in is one text, decoded once.
    /// A field is an object without nested ones (`{"name":..,"value":..,"secret":true}`, keys in any
    /// order), and a sealed value is base64, with no quote or backslash escape but `\/`.
    static func secretValuesLeftOut(ofStored json: String) -> String {
        let marker = Array(#""secret":true"#.utf8)
        let valueKey = Array(#""value":""#.utf8)
        var bytes = Array(json.utf8)
        guard bytes.count >= marker.count else { return json }
        var index = 0
        var changed = false
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) else {
                index += 1
                continue
            }
            guard let open = bytes[..<index].lastIndex(of: UInt8(ascii: "{")),
                let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
                let key = bytes[open..<close].firstRange(of: valueKey),
                let end = bytes[key.upperBound..<close].firstIndex(of: UInt8(ascii: "\""))
            else { return json }
            bytes.removeSubrange(key.upperBound..<end)
            changed = true
            index = open + 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") { index += 1 }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : json
    }

    /// The entries stored as `texts`, secret values left out, decoded in as many tasks as there are
    /// processors (decoding is most of the time of ``sessionPaths(usedSince:limit:)``).
    private func decodeEntries(_ texts: [String]) async throws -> [ClickPath.Entry] {
        let chunk = max(
            1,
            (texts.count + ProcessInfo.processInfo.activeProcessorCount - 1)
                / ProcessInfo.processInfo.activeProcessorCount)
        return try await withThrowingTaskGroup(of: (Int, [ClickPath.Entry]).self) { group in
            for start in stride(from: 0, to: texts.count, by: chunk) {
                let part = texts[start..<min(start + chunk, texts.count)]
                group.addTask {
                    let decoder = JSONDecoder()
                    return (
                        start,
                        try part.map {
                            try self.decode(ClickPath.Entry.self, from: $0, with: decoder).secretValuesLeftOut
                        }
                    )
                }
            }
            var entries = [ClickPath.Entry](repeating: .liveMove, count: texts.count)
            for try await (start, part) in group {
                entries.replaceSubrange(start..<start + part.count, with: part)
            }
            return entries
        }
    }

    /// Appends `entries` at `start`, which must be the number of entries stored (0 creates the
    /// session); throws ``ClickPathStoreError`` and stores nothing otherwise, or past the bound.
    /// Appends that arrive while a transaction is written go in the next one together, each in a
    /// savepoint of its own: one append's error undoes none of the others.
    ///
    /// The transactions are written one after the other by one loop on a dispatch queue of the
    /// store's, for as long as appends wait, and each caller is resumed when its transaction is
    /// committed. (The next transaction was written by the first of its appends' own callers once:
    /// that task had to be scheduled, and then hop to the database's writer, while every other
    /// append waited: under 64 sessions' clicks an append waited 6.5 ms at the median.)
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        let rows = try entries.map { try sealer.seal($0).json }
        let append = PendingAppend(
            session: session, key: IdentifierDigest.of(session), start: start, rows: rows,
            now: Date.now.timeIntervalSince1970)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let startsWriting = appendQueue.withLock { queue in
                queue.waiting.append((append, continuation))
                return !exchange(&queue.writing, with: true)
            }
            if startsWriting { writer.async { self.writeWaitingAppends() } }
        }
    }

    /// Writes the waiting appends, at most `maxAppendsPerTransaction` a transaction, until none waits.
    private func writeWaitingAppends() {
        while true {
            let batch = appendQueue.withLock { queue in
                let batch = Array(queue.waiting.prefix(Self.maxAppendsPerTransaction))
                queue.waiting.removeFirst(batch.count)
                if batch.isEmpty { queue.writing = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            let failures = write(batch.map(\.append))
            for ((_, continuation), failure) in zip(batch, failures) {
                if let failure { continuation.resume(throwing: failure) } else { continuation.resume() }
            }
        }
    }

    /// Writes `appends` in one transaction, each in a savepoint; what each one failed with.
    private func write(_ appends: [PendingAppend]) -> [(any Error)?] {
        let (maxSessions, maxEntries) = (self.maxSessions, maxEntriesPerSession)
        do {
            return try database.write { db in
                try appends.map { append -> (any Error)? in
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
            return Array(repeating: error, count: appends.count)
        }
    }

    /// One append, checked against what is stored; throws ``ClickPathStoreError`` before writing.
    private static func write(_ append: PendingAppend, maxSessions: Int, maxEntries: Int, in db: Database) throws {
        let (key, start, rows) = (append.key, append.start, append.rows)
        let stored = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT entryCount FROM sessions WHERE id = ?"), arguments: [key])
        guard start == (stored ?? 0) else {
            throw ClickPathStoreError.startMismatch(session: append.session, start: start, stored: stored)
        }
        guard start + rows.count <= maxEntries else {
            throw ClickPathStoreError.pathTooLong(session: append.session, limit: maxEntries)
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO sessions (id, entryCount, lastUsed, recency)
                VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(recency), 0) + 1 FROM sessions))
                ON CONFLICT (id) DO UPDATE SET entryCount = ?2, lastUsed = ?3, recency = excluded.recency
                """
        ).execute(arguments: [key, start + rows.count, append.now])
        let insert = try db.cachedStatement(sql: "INSERT INTO entries (session, position, entry) VALUES (?, ?, ?)")
        for (offset, row) in rows.enumerated() {
            try insert.execute(arguments: [key, start + offset, row])
        }
        if stored == nil { try removeLeastRecentlyUsed(keeping: maxSessions, in: db) }
    }

    /// Removes the least recently used sessions beyond `maxSessions`; entries go with their
    /// session (ON DELETE CASCADE).
    private static func removeLeastRecentlyUsed(keeping maxSessions: Int, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                DELETE FROM sessions WHERE id IN (
                    SELECT id FROM sessions ORDER BY recency
                    LIMIT MAX(0, (SELECT COUNT(*) FROM sessions) - ?))
                """
        ).execute(arguments: [maxSessions])
    }

    /// Starts `session` from the open share `id`: a row that names the share, whose entry count
    /// is the share's; nothing of the shared path is copied.
    public func startSession(_ session: String, fromShare id: String) async throws {
        let (key, share, now, maxSessions) = (
            IdentifierDigest.of(session), IdentifierDigest.of(id), Date.now.timeIntervalSince1970, maxSessions
        )
        try await database.write { db in
            guard
                let count = try Int.fetchOne(
                    db,
                    sql: "SELECT entryCount FROM shares WHERE id = ? AND revoked = 0 AND expires > ?",
                    arguments: [share, now])
            else { throw ClickPathStoreError.shareNotOpen(share: id) }
            try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [key])
            try db.execute(
                sql: """
                    INSERT INTO sessions (id, entryCount, lastUsed, recency, share)
                    VALUES (?, ?, ?, (SELECT COALESCE(MAX(recency), 0) + 1 FROM sessions), ?)
                    """, arguments: [key, count, now, share])
            try Self.removeLeastRecentlyUsed(keeping: maxSessions, in: db)
        }
    }

    /// Forgets the sessions `sessions` and their paths, in one transaction.
    public func removeSessions(_ sessions: [String]) async throws {
        guard !sessions.isEmpty else { return }
        try await database.write { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM sessions WHERE id = ?")
            for session in sessions { try delete.execute(arguments: [IdentifierDigest.of(session)]) }
        }
    }

    /// Forgets the sessions not appended to for `interval`, except `keeping`, in one transaction;
    /// returns how many.
    public func removeSessions(unusedFor interval: Duration, keeping: Set<String>) async throws -> Int {
        let cutoff = Date.now.timeIntervalSince1970 - Double(interval.components.seconds)
        let kept = Set(keeping.map(IdentifierDigest.of))
        return try await database.write { db in
            let unused = try String.fetchAll(db, sql: "SELECT id FROM sessions WHERE lastUsed < ?", arguments: [cutoff])
                .filter { !kept.contains($0) }
            let delete = try db.cachedStatement(sql: "DELETE FROM sessions WHERE id = ?")
            for session in unused { try delete.execute(arguments: [session]) }
            return unused.count
        }
    }

    /// Keeps `path` under the share id `id` until `expires`, replacing what was shared under it.
    public func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws {
        let json = String(decoding: try JSONEncoder().encode(try sealer.seal(path)), as: UTF8.self)
        let (key, sharer, maxShares) = (IdentifierDigest.of(id), IdentifierDigest.of(session), maxShares)
        let now = Date.now.timeIntervalSince1970
        try await database.write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM shares WHERE id != ?", arguments: [key]) ?? 0
            guard count < maxShares else { throw ClickPathStoreError.tooManyShares(limit: maxShares) }
            // An upsert, not a replace: a replace deletes the row, which sessions may refer to.
            try db.execute(
                sql: """
                    INSERT INTO shares (id, path, entryCount, created, expires, sharer, revoked)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)
                    ON CONFLICT (id) DO UPDATE SET
                        path = ?2, entryCount = ?3, created = ?4, expires = ?5, sharer = ?6, revoked = 0
                    """,
                arguments: [key, json, path.entries.count, now, expires.timeIntervalSince1970, sharer])
        }
    }

    /// The share `id` as `session` sees it, or nil.
    public func share(id: String, askedBy session: String?) async throws -> SharedPath? {
        let key = IdentifierDigest.of(id)
        let row = try await database.read { db -> (path: String, expires: Double, sharer: String?, revoked: Bool)? in
            try Row.fetchOne(
                db, sql: "SELECT path, expires, sharer, revoked FROM shares WHERE id = ?", arguments: [key]
            )
            .map { ($0["path"], $0["expires"], $0["sharer"], $0["revoked"]) }
        }
        guard let row else { return nil }
        let expires = Date(timeIntervalSince1970: row.expires)
        return SharedPath(
            path: try decodePath(row.path), expires: expires,
            status: SharedPath.status(revoked: row.revoked, expires: expires, now: .now),
            isSharer: row.sharer != nil && session.map(IdentifierDigest.of) == row.sharer)
    }

    /// Revokes the share `id` if `session` shared it.
    public func revokeShare(id: String, bySession session: String) async throws -> Bool {
        let (key, sharer) = (IdentifierDigest.of(id), IdentifierDigest.of(session))
        return try await database.write { db in
            try db.execute(
                sql: "UPDATE shares SET revoked = 1 WHERE id = ? AND sharer = ?", arguments: [key, sharer])
            return db.changesCount > 0
        }
    }

    /// Removes the expired shares no session refers to, and forgets the paths of revoked ones no
    /// session refers to, in one transaction; returns how many were removed.
    public func removeExpiredShares() async throws -> Int {
        let now = Date.now.timeIntervalSince1970
        let empty = String(decoding: try JSONEncoder().encode(ClickPath()), as: UTF8.self)
        return try await database.write { db in
            let unreferred = "id NOT IN (SELECT share FROM sessions WHERE share IS NOT NULL)"
            try db.execute(sql: "DELETE FROM shares WHERE expires <= ? AND \(unreferred)", arguments: [now])
            let removed = db.changesCount
            try db.execute(
                sql:
                    "UPDATE shares SET path = ?, entryCount = 0 WHERE revoked = 1 AND entryCount > 0 AND \(unreferred)",
                arguments: [empty])
            return removed
        }
    }

    /// The file's journal mode, as SQLite reports it (`wal`).
    public func journalMode() async throws -> String {
        try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// The connections' `synchronous` setting, as SQLite reports it (1 is `NORMAL`).
    public func synchronousSetting() async throws -> Int {
        try await database.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// The key that signs action tokens, derived from the store key: every process opening this
    /// file with the same key reads the same one.
    public func tokenKey() async throws -> [UInt8] { actionTokenKey }

    /// The SHA-256 of `session`, as the `sessions` table keeps it.
    public func sessionDigest(of session: String) -> String { IdentifierDigest.of(session) }

    // `changes()` is the protocol's default, nothing: an SQLite file is one machine's, served by
    // one process (several share one store on PostgreSQL, which notifies them). Polling the file
    // would cost every process a read per interval for a setup that does not need it; two
    // processes on one file still share sessions (tokens, rebuilds, the append guard), only an
    // open page does not move when the other process changes its session.

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
        // Ids at rest become digests; shares expire and can be revoked by their sharer; a session
        // may start from a share, which it then refers to.
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    ALTER TABLE sessions ADD COLUMN share TEXT REFERENCES shares (id);
                    CREATE INDEX sessionsByShare ON sessions (share) WHERE share IS NOT NULL;
                    ALTER TABLE shares ADD COLUMN entryCount INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE shares ADD COLUMN expires REAL NOT NULL DEFAULT 0;
                    ALTER TABLE shares ADD COLUMN sharer TEXT;
                    ALTER TABLE shares ADD COLUMN revoked INTEGER NOT NULL DEFAULT 0;
                    """)
            for id in try String.fetchAll(db, sql: "SELECT id FROM sessions") {
                let key = IdentifierDigest.of(id)
                try db.execute(sql: "UPDATE entries SET session = ? WHERE session = ?", arguments: [key, id])
                try db.execute(sql: "UPDATE sessions SET id = ? WHERE id = ?", arguments: [key, id])
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, path, created FROM shares") {
                let id: String = row["id"]
                let created: Double = row["created"]
                let path = try? JSONDecoder().decode(ClickPath.self, from: Data((row["path"] as String).utf8))
                try db.execute(
                    sql: "UPDATE shares SET id = ?, entryCount = ?, expires = ? WHERE id = ?",
                    arguments: [
                        IdentifierDigest.of(id), path?.entries.count ?? 0, created + migratedShareLifetime, id,
                    ])
            }
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

    /// A stored entry, its secret values decrypted.
    private func decodeEntry(_ row: String) throws -> ClickPath.Entry {
        try opened { try sealer.open(try decode(ClickPath.Entry.self, from: row)) }
    }

    /// A stored path, its secret values decrypted.
    private func decodePath(_ json: String) throws -> ClickPath {
        try opened { try sealer.open(try decode(ClickPath.self, from: json)) }
    }

    private func opened<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as SecretSealer.SealingError {
            throw ClickPathStoreError.undecodable(file: file, reason: error.reason)
        }
    }

    private func decode<Value: Decodable>(
        _ type: Value.Type, from json: String, with decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        do {
            return try decoder.decode(type, from: Data(json.utf8))
        } catch {
            throw ClickPathStoreError.undecodable(file: file, reason: "\(error)")
        }
    }
}
