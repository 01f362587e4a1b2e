import FlowHostApp
import FlowHostAtRest
import Foundation
import GRDB
import HTMLPresenter
import Logging
import ServiceLifecycle
import Synchronization

/// A `ClickPathStore` in one SQLite file (by default `.flowhost/flowhost.sqlite`), so that
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
/// are group-committed: those that arrive while a transaction is written share the next one, and
/// the log is copied into the file off the writer (`WALCheckpointer`). The
/// tables: `sessions` (id, entry count, last used, the share it started from), `entries`
/// (session, position, entry as JSON) and `shares` (id, path as JSON, entry count, created,
/// expires, sharer, revoked); `SQLiteSchema` makes and migrates them.
///
/// At rest: session and share ids are kept as their SHA-256 (`IdentifierDigest`), so a copy of
/// the file is no set of cookies or links; the values of secret fields are encrypted with
/// AES-256-GCM (`SecretSealer`) under the key `FLOWHOST_STORE_KEY` or the key file beside the
/// store (`StoreKey`); the folder is made `0700` and the files `0600`, found or created
/// (`StoreFiles`). A version 1 file (before these) is migrated when opened: its ids are hashed,
/// its shares expire 30 days after they were made, the file is rewritten (no raw id is left in its
/// free pages), and the values it holds stay as they were (it never marked a field secret).
///
/// It keeps the rules of every store (`ClickPathStore`) within its ``limits``, each in the
/// transaction that writes. A call that finds the file locked by another connection for longer
/// than its patience, or closed, or failing, throws `ClickPathStoreError/unavailable(reason:)`.
/// Running it holds nothing; it closes the file when it stops.
public final class SQLiteClickPathStore: OpenableClickPathStore {
    // MARK: - Stored properties

    /// What ``openMovingAside(path:limits:patience:environment:)`` did with a file that was no
    /// store.
    public struct MovedAside: Sendable, Equatable {
        /// Why the file could not be used.
        public let error: ClickPathStoreError
        /// Where it is now.
        public let movedTo: String
    }

    /// The database file.
    public let file: String
    /// How much it keeps.
    public let limits: ClickPathStoreLimits
    let database: DatabasePool
    /// How paths are kept as text, secret values sealed.
    let sealed: SealedClickPaths
    private let actionTokenKey: [UInt8]
    let appendQueue = Mutex(AppendQueue())
    /// Set when it stops running: the file is closed, and every call says the store is unavailable.
    private let stopped = Atomic(false)
    /// Where the appends are written, one transaction after the other, when no append's own task
    /// writes them (a write blocks its thread): past ``LeaderBounds``, and for the log's bound.
    let writer = DispatchQueue(label: "flowhost.sqlite.appends")
    /// How long an append's own task may write on its thread.
    let leaderBounds: LeaderBounds
    /// Copies the log into the file, so that no commit waits for that; none for a store opened
    /// to read (``init(readingExistingStoreAt:patience:environment:)``).
    let checkpointer: WALCheckpointer?
    /// The log's length after the writer's last commit, for the checkpointer's bound.
    let logLength: LogLength

    // MARK: - Initialization

    /// Opens the store in the file at `path`, creating the file and its folder when missing, and
    /// the key file beside it unless `environment` has `FLOWHOST_STORE_KEY`.
    /// - Parameters:
    ///   - path: the store's file.
    ///   - limits: how much it keeps.
    ///   - environment: where `FLOWHOST_STORE_KEY` is looked up (the process's environment by default).
    ///   - patience: how long a call waits for the file when another connection (another process
    ///     on the same file) holds its lock, before it throws `ClickPathStoreError/unavailable(reason:)`.
    /// - Throws: `ClickPathStoreError/notAStore(file:reason:)` for a file that is no FlowHost
    ///   store, `ClickPathStoreError/unreadable(file:reason:)` for one that cannot be opened
    ///   (or whose folder cannot be made its user's alone),
    ///   `ClickPathStoreError/unusableKey(source:reason:)` for a key that cannot be used.
    public convenience init(
        path: String, limits: ClickPathStoreLimits = ClickPathStoreLimits(), patience: Duration = .seconds(5),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        try self.init(
            path: path, limits: limits, patience: patience, environment: environment,
            maxLogFrames: WALCheckpointer.defaultMaxLogFrames, leaderBounds: .standard)
    }

    /// Opens the store as ``init(path:limits:patience:environment:)`` does, its writer stopping
    /// for a checkpoint when the log passes `maxLogFrames` pages (tests use a small bound), its
    /// appends' tasks writing within `leaderBounds` (tests use none, or no time at all).
    init(
        path: String, limits: ClickPathStoreLimits, patience: Duration, environment: [String: String],
        maxLogFrames: Int, leaderBounds: LeaderBounds = .standard
    ) throws {
        self.file = path
        self.limits = limits
        self.leaderBounds = leaderBounds
        do {
            try StoreFiles.prepareFolder(of: path)
        } catch {
            throw ClickPathStoreError.unreadable(
                file: path,
                reason: "cannot make its folder its user's alone (0700): \(error.localizedDescription);"
                    + " give the store a folder of its own")
        }
        let storeKey = try StoreKey.load(forStoreAt: path, environment: environment)
        sealed = SealedClickPaths(sealer: SecretSealer(key: storeKey), source: path)
        actionTokenKey = StoreKey.tokenKey(derivedFrom: storeKey)
        var configuration = SQLiteSchema.configuration(patience: patience)
        configuration.journalMode = .wal
        // The checkpointer copies the log; a commit does not, and reports the log's length
        // instead. When the log starts over, its file is cut back to the bound (WALCheckpointer
        // says why); a frame is a page and its 24-byte header.
        let logLength = LogLength()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "PRAGMA journal_size_limit = \(maxLogFrames * (4_096 + 24))")
            logLength.install(in: db)
        }
        self.logLength = logLength
        (database, checkpointer) = try SQLiteSchema.opening(file: path) {
            try StoreFiles.prepareDatabase(path)
            let database = try DatabasePool(path: path, configuration: configuration)
            try SQLiteSchema.checkIsStore(database, file: path)
            let upgradesVersionOne = try database.read { db in
                try SQLiteSchema.migrator.appliedIdentifiers(db) == ["v1"]
            }
            try SQLiteSchema.migrator.migrate(database)
            if upgradesVersionOne {
                // The raw ids the migration replaced are left in free pages and the old file's
                // pages until rewritten: rewrite the file, and fold the log in.
                try database.writeWithoutTransaction { db in
                    try db.execute(sql: "VACUUM")
                    try db.checkpoint(.truncate)
                }
            }
            try StoreFiles.restrictDatabase(path)
            return (
                database, try WALCheckpointer(path: path, configuration: configuration, maxLogFrames: maxLogFrames)
            )
        }
    }

    // MARK: - Reading a store another process kept

    /// Opens the store in the existing file at `path` to read what a server kept there (`study
    /// rerun`, `export --store`), changing nothing: it creates no file, folder or key file, changes
    /// no mode, migrates nothing and moves nothing aside; every write it is asked throws
    /// `ClickPathStoreError/unavailable(reason:)`. SQLite may open the shared-memory index
    /// (`-shm`) of the file's write-ahead log beside it, as any reader of the file does.
    /// - Parameters:
    ///   - path: the store's file.
    ///   - patience: how long a read waits for the file when a server's connection holds its lock.
    ///   - environment: where `FLOWHOST_STORE_KEY` is looked up; else the key file beside the store.
    /// - Throws: `ClickPathStoreError/unreadable(file:reason:)` for a file that is not there or
    ///   cannot be opened, `ClickPathStoreError/notAStore(file:reason:)` for a file that is no
    ///   FlowHost store or one an older or newer FlowHost wrote, and
    ///   `ClickPathStoreError/unusableKey(source:reason:)` when its key is missing or unusable.
    public init(
        readingExistingStoreAt path: String, patience: Duration = .seconds(5),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ClickPathStoreError.unreadable(
                file: path, reason: "no such file (reading makes none): name the store a server kept")
        }
        var configuration = SQLiteSchema.configuration(patience: patience)
        configuration.readonly = true
        // The file first: a file that is no store has no key either, and should say so.
        database = try SQLiteSchema.opening(file: path) {
            let database = try DatabasePool(path: path, configuration: configuration)
            try SQLiteSchema.checkIsStore(database, file: path)
            try SQLiteSchema.checkIsCurrent(database, file: path)
            return database
        }
        let storeKey = try StoreKey.loadExisting(forStoreAt: path, environment: environment)
        self.file = path
        self.limits = ClickPathStoreLimits()
        sealed = SealedClickPaths(sealer: SecretSealer(key: storeKey), source: path)
        actionTokenKey = StoreKey.tokenKey(derivedFrom: storeKey)
        checkpointer = nil
        logLength = LogLength()
        leaderBounds = .standard
    }

    /// Opens the store at `path` like ``init(path:limits:patience:environment:)``, but when the
    /// file is no FlowHost store, renames it (with its `-wal` and `-shm` files) to
    /// `<name>.corrupt-<time>` beside it, never deleting it, and opens a new empty store there.
    /// - Returns: the store, and what was moved aside and why (for the log), or nil.
    /// - Throws: `ClickPathStoreError/unreadable(file:reason:)` when the file cannot be opened
    ///   or moved: fall back to a `MemoryClickPathStore`.
    public static func openMovingAside(
        path: String, limits: ClickPathStoreLimits = ClickPathStoreLimits(), patience: Duration = .seconds(5),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> (store: SQLiteClickPathStore, movedAside: MovedAside?) {
        func open() throws -> SQLiteClickPathStore {
            try SQLiteClickPathStore(path: path, limits: limits, patience: patience, environment: environment)
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

    /// Any name that no other store takes is a file path.
    public static func opens(_ name: String) -> Bool { true }

    /// The store in the file `name` (``openMovingAside(path:limits:patience:environment:)``): a file
    /// that is no FlowHost store is moved aside and a new one started, and one that cannot be
    /// opened at all leaves the sessions in a `MemoryClickPathStore`; the log says which. The
    /// server starts either way: one process's sessions need no store to be served.
    public static func open(
        named name: String, limits: ClickPathStoreLimits, environment: [String: String], logger: Logger
    ) async throws -> any ClickPathStore {
        do {
            let (opened, movedAside) = try openMovingAside(path: name, limits: limits, environment: environment)
            if let movedAside {
                logger.warning("\(movedAside.error); it was moved to \(movedAside.movedTo) and a new store started")
            }
            return opened
        } catch {
            logger.error("\(error); sessions are kept in memory only (they will not survive a restart)")
            return MemoryClickPathStore(limits: limits)
        }
    }

    /// Serves until the server's graceful shutdown or cancellation, then closes the file; later
    /// calls throw `ClickPathStoreError/unavailable(reason:)`.
    public func run() async throws {
        try? await gracefulShutdown()
        stopped.store(true, ordering: .sequentiallyConsistent)
        try checkpointer?.close()
        // The last connection to close copies what is left of the log into the file.
        try database.close()
    }

    // MARK: - Sessions

    /// The stored path of the session `session` (after the shared one it started from), or nil
    /// when the store has none.
    public func path(ofSession session: String) async throws -> ClickPath? {
        let key = IdentifierDigest.of(session)
        let rows = try await read { db -> (shared: String?, entries: [String])? in
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
        let shared = try rows.shared.map { try sealed.path($0).entries } ?? []
        return ClickPath(shared + (try rows.entries.map(sealed.entry)))
    }

    /// The paths of the sessions used at or after `since` (all when nil), the most recently used
    /// first, at most `limit`, read in one transaction and one query. Secret values are left
    /// empty, not decrypted: the figures need none, and 10,000 paths then cost no AES
    /// (`SealedClickPaths/entriesForFigures(_:)`).
    public func sessionPaths(usedSince since: Date?, limit: Int) async throws -> [ClickPath] {
        guard limit > 0 else { return [] }
        let since = since?.timeIntervalSince1970
        let rows = try await read {
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
        let shared = try rows.shares.mapValues(sealed.entriesForFigures(ofPath:))
        let own = try await sealed.entriesForFigures(rows.sessions.flatMap(\.entries))
        var next = 0
        return rows.sessions.map { session in
            let start = next
            next += session.entries.count
            return ClickPath((session.share.flatMap { shared[$0] } ?? []) + own[start..<next])
        }
    }

    /// Starts `session` from the open share `id`: a row that names the share, whose entry count
    /// is the share's; nothing of the shared path is copied.
    public func startSession(_ session: String, fromShare id: String) async throws {
        let (key, share, now, maxSessions) = (
            IdentifierDigest.of(session), IdentifierDigest.of(id), Date.now.timeIntervalSince1970, limits.maxSessions
        )
        try await write { db in
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
        try await write { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM sessions WHERE id = ?")
            for session in sessions { try delete.execute(arguments: [IdentifierDigest.of(session)]) }
        }
    }

    /// Forgets the sessions last used before `cutoff`, except `keeping`, in one transaction;
    /// returns how many.
    public func removeSessions(usedBefore cutoff: Date, keeping: Set<String>) async throws -> Int {
        let cutoff = cutoff.timeIntervalSince1970
        let kept = Set(keeping.map(IdentifierDigest.of))
        return try await write { db in
            let unused = try String.fetchAll(db, sql: "SELECT id FROM sessions WHERE lastUsed < ?", arguments: [cutoff])
                .filter { !kept.contains($0) }
            let delete = try db.cachedStatement(sql: "DELETE FROM sessions WHERE id = ?")
            for session in unused { try delete.execute(arguments: [session]) }
            return unused.count
        }
    }

    /// The file's journal mode, as SQLite reports it (`wal`).
    public func journalMode() async throws -> String {
        try await read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// The connections' `synchronous` setting, as SQLite reports it (1 is `NORMAL`).
    public func synchronousSetting() async throws -> Int {
        try await write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    // MARK: - Processes

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

    // MARK: - The file

    /// Reads in a transaction of its own; an error that says the file cannot be reached becomes
    /// ``ClickPathStoreError/unavailable(reason:)``.
    func read<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        do {
            return try await database.read(body)
        } catch let error as DatabaseError where isUnreachable(error) {
            throw unavailable(error)
        }
    }

    /// Writes in a transaction of its own; an error that says the file cannot be reached becomes
    /// ``ClickPathStoreError/unavailable(reason:)``.
    func write<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        do {
            let value = try await database.write(body)
            checkpointer?.committed(1)
            return value
        } catch let error as DatabaseError where isUnreachable(error) {
            throw unavailable(error)
        }
    }

    /// Whether `error` says the file cannot be reached now (``SQLiteSchema/isUnreachable(_:)``),
    /// or the store stopped and closed it.
    func isUnreachable(_ error: DatabaseError) -> Bool {
        SQLiteSchema.isUnreachable(error) || stopped.load(ordering: .sequentiallyConsistent)
    }

    /// What a call says when `error` kept it from the file.
    func unavailable(_ error: DatabaseError) -> ClickPathStoreError {
        guard !stopped.load(ordering: .sequentiallyConsistent) else {
            return .unavailable(reason: "\(file): the store stopped and closed it")
        }
        return .unavailable(reason: "\(file): \(error.message ?? "\(error.resultCode)")")
    }
}
