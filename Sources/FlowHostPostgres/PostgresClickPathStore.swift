import Crypto
import FlowHostApp
import FlowHostAtRest
import Foundation
import HTMLPresenter
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// A `ClickPathStore` in a PostgreSQL database (`--store postgres://USER@HOST:PORT/DB`), which
/// several server processes share: any of them can rebuild any session from it.
///
/// Built on vapor/postgres-nio: a `PostgresClient` pool of connections, and a connection of its
/// own that listens for other processes' changes (`PostgresChangeListener`), both run by
/// ``run()`` in the server's service group. The tables, in the schema given or the user's default
/// one: `flowhost_sessions` (id, entry count, last used, recency, the share it started from),
/// `flowhost_entries` (session, position, entry as JSON; the primary key is (session, position)),
/// `flowhost_shares` (id, path as JSON, entry count, created, expires, sharer, revoked) and
/// `flowhost_settings` (the key of the secret values, when the environment gives none), made or
/// migrated when the store opens (`PostgresSchema`).
///
/// It keeps the rules of every store (`ClickPathStore`) within its ``limits``, with several
/// writers: an append is one statement that stores its entries only if the session's entry count
/// is still its `start` (`UPDATE ... WHERE entry_count = start`, or an insert that finds no
/// session), so of two processes appending to one session at once one wins and the other gets
/// `ClickPathStoreError/startMismatch(session:start:stored:)`, and nothing is written twice; a
/// new session evicts the least recently used in the same statement.
///
/// A call that the database does not answer within the store's patience throws
/// `ClickPathStoreError/unavailable(reason:)` at once. A statement that had reached the server
/// may still commit after that (nothing can take it back), so an append answered `unavailable`
/// can turn out stored. The same append made again then succeeds and writes nothing
/// (`ClickPathStoreLimits/isRetry(of:storedTail:)`); another one gets `startMismatch`, as when
/// another process appended first, and the web host reloads the session from the store.
///
/// At rest, as in the SQLite store: session and share ids are kept as their SHA-256
/// (`IdentifierDigest`); the values of secret fields are encrypted with AES-256-GCM
/// (`SecretSealer`) under the key `FLOWHOST_STORE_KEY`, or else a key made once and kept in the
/// database (`flowhost_settings`), so that every process reads the same; a copy of the database
/// then holds its key, which `FLOWHOST_STORE_KEY` avoids.
public final class PostgresClickPathStore: OpenableClickPathStore {
    // MARK: - Stored properties

    /// The name the store's pool connections have on the server
    /// (`pg_stat_activity.application_name`).
    public static let applicationName = "flowhost"
    /// The name of its connection that listens for other processes' changes.
    public static let listenerApplicationName = "flowhost listener"

    /// The database, its URL without the password.
    public let location: PostgresStoreLocation
    /// The schema of the store's tables, or nil for the user's default (`public`).
    public let schema: String?
    /// How much it keeps.
    public let limits: ClickPathStoreLimits
    /// How long a call waits for the database (a connection, then its statements, which the server
    /// cancels then) before it throws `ClickPathStoreError/unavailable(reason:)`.
    public let patience: Duration
    private let client: PostgresClient
    let listener: PostgresChangeListener
    /// How paths are kept as text, secret values sealed.
    let sealed: SealedClickPaths
    private let actionTokenKey: [UInt8]
    private let logger: Logger
    /// Whether the last call reached the database: the log says when that changes, not per call.
    private let reachable = Mutex(true)

    // MARK: - Initialization

    /// Opens the store in the database at `location`: connects, makes or migrates the schema, and
    /// reads or makes the key. Its calls are served while it runs (``run()``), with a pool of at most
    /// `maxConnections` connections.
    /// - Parameters:
    ///   - location: the database: host, port, user, password and database name.
    ///   - schema: the schema of the tables (made when missing: lowercase letters, digits and `_`),
    ///     or nil for the user's default one.
    ///   - limits: how much it keeps.
    ///   - patience: how long a call waits for the database before it throws
    ///     `ClickPathStoreError/unavailable(reason:)`.
    ///   - maxConnections: the most connections the pool opens.
    ///   - listenerCheck: how often the connection that listens for other processes' changes is
    ///     checked (a query it must answer within `patience`, else it is replaced).
    ///   - environment: where `FLOWHOST_STORE_KEY` is looked up (the process's environment by default).
    ///   - logger: where the store says when the database stops or starts answering.
    /// - Throws: ``PostgresStoreError/unreachable(database:reason:)`` when the server cannot be
    ///   reached or refuses the user or the database, ``PostgresStoreError/notAStore(database:reason:)``
    ///   for a store a newer FlowHost wrote, `ClickPathStoreError/unusableKey(source:reason:)` for
    ///   a key that cannot be used.
    public static func open(
        _ location: PostgresStoreLocation, schema: String? = nil, limits: ClickPathStoreLimits = ClickPathStoreLimits(),
        maxConnections: Int = 16, patience: Duration = .seconds(5), listenerCheck: Duration = .seconds(30),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "flowhost.store")
    ) async throws -> PostgresClickPathStore {
        if let schema, !PostgresSchema.isName(schema) {
            preconditionFailure("a schema name is lowercase letters, digits and _: \(schema)")
        }
        let key = try StoreKey.fromEnvironment(environment)
        let storedKey = try await PostgresSchema.prepare(
            location, schema: schema, makingKey: key == nil, logger: logger)
        guard
            let key = try key
                ?? storedKey.map({ try StoreKey.key(from: $0, source: "\(location) (flowhost_settings)") })
        else { throw PostgresStoreError.notAStore(database: "\(location)", reason: "it holds no key") }
        let listener = PostgresChangeListener(
            channel: "flowhost_changes" + (schema.map { "_" + $0 } ?? ""), origin: UUID().uuidString,
            configuration: try location.connectionConfiguration(
                schema: schema, applicationName: listenerApplicationName),
            check: listenerCheck, patience: patience, logger: logger)
        return PostgresClickPathStore(
            location: location, schema: schema, limits: limits, maxConnections: maxConnections, patience: patience,
            key: key, listener: listener, logger: logger)
    }

    // MARK: - Reading a store another process kept

    /// Opens the store in the database at `location` to read what a server kept there (`study
    /// rerun`, `export --store`), changing nothing: it makes or migrates no table and no key, and
    /// its connections' transactions are read-only, so every write it is asked fails.
    /// - Parameters:
    ///   - location: the database.
    ///   - schema: the schema of the tables, or nil for the user's default one.
    ///   - patience: how long a call waits for the database.
    ///   - environment: where `FLOWHOST_STORE_KEY` is looked up; else the key the database keeps.
    ///   - logger: where the store says when the database stops or starts answering.
    /// - Throws: ``PostgresStoreError/unreachable(database:reason:)`` when the server cannot be
    ///   reached, ``PostgresStoreError/notAStore(database:reason:)`` for a database with no store,
    ///   or a store an older or newer FlowHost wrote, `ClickPathStoreError/unusableKey(source:reason:)`
    ///   for a key that cannot be used.
    public static func openReadOnly(
        _ location: PostgresStoreLocation, schema: String? = nil, patience: Duration = .seconds(5),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "flowhost.store")
    ) async throws -> PostgresClickPathStore {
        if let schema, !PostgresSchema.isName(schema) {
            preconditionFailure("a schema name is lowercase letters, digits and _: \(schema)")
        }
        let storedKey = try await PostgresSchema.check(location, schema: schema, logger: logger)
        guard
            let key = try StoreKey.fromEnvironment(environment)
                ?? storedKey.map({ try StoreKey.key(from: $0, source: "\(location) (flowhost_settings)") })
        else { throw PostgresStoreError.notAStore(database: "\(location)", reason: "it holds no key") }
        let listener = PostgresChangeListener(
            channel: "flowhost_changes" + (schema.map { "_" + $0 } ?? ""), origin: UUID().uuidString,
            configuration: try location.connectionConfiguration(
                schema: schema, applicationName: listenerApplicationName),
            check: .seconds(30), patience: patience, logger: logger)
        return PostgresClickPathStore(
            location: location, schema: schema, limits: ClickPathStoreLimits(), maxConnections: 2, patience: patience,
            key: key, listener: listener, logger: logger, readOnly: true)
    }

    private init(
        location: PostgresStoreLocation, schema: String?, limits: ClickPathStoreLimits, maxConnections: Int,
        patience: Duration, key: SymmetricKey, listener: PostgresChangeListener, logger: Logger, readOnly: Bool = false
    ) {
        self.location = location
        self.schema = schema
        self.limits = limits
        self.patience = patience
        sealed = SealedClickPaths(sealer: SecretSealer(key: key), source: "\(location)")
        actionTokenKey = StoreKey.tokenKey(derivedFrom: key)
        self.listener = listener
        self.logger = logger
        // The pool logs each connection it fails to make or loses; the store says what that means
        // for its callers (its errors), so only the pool's own errors are worth the log.
        var poolLogger = logger
        poolLogger.logLevel = max(logger.logLevel, .error)
        client = PostgresClient(
            configuration: location.clientConfiguration(
                schema: schema, maxConnections: maxConnections, statementTimeout: patience, readOnly: readOnly),
            backgroundLogger: poolLogger)
    }

    /// `postgres://` and `postgresql://` URLs.
    public static func opens(_ name: String) -> Bool { PostgresStoreLocation.isURL(name) }

    /// The store in the database the URL `name` names, its password from the URL or `PGPASSWORD`.
    public static func open(
        named name: String, limits: ClickPathStoreLimits, environment: [String: String], logger: Logger
    ) async throws -> any ClickPathStore {
        try await open(
            try PostgresStoreLocation(url: name, environment: environment), limits: limits, environment: environment,
            logger: logger)
    }

    /// Runs the pool and the listening connection until the server's graceful shutdown or
    /// cancellation, then closes their connections and ends the ``changes()`` streams; later calls
    /// throw `ClickPathStoreError/unavailable(reason:)`. A store runs once.
    public func run() async throws {
        let (client, listener) = (self.client, self.listener)
        await withDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            group.addTask { await listener.listen() }
            try? await gracefulShutdown()
            group.cancelAll()
        }
        listener.finish()
    }

    // MARK: - Sessions

    /// The stored path of the session `session` (after the shared one it started from), or nil
    /// when the store has none: one statement, so one snapshot.
    public func path(ofSession session: String) async throws -> ClickPath? {
        let key = IdentifierDigest.of(session)
        let rows = try await reaching { client, logger in
            try await client.query(
                """
                SELECT shares.path,
                    (SELECT array_agg(entry ORDER BY position) FROM flowhost_entries WHERE session = sessions.id)
                FROM flowhost_sessions sessions LEFT JOIN flowhost_shares shares ON shares.id = sessions.share
                WHERE sessions.id = \(key)
                """, logger: logger
            ).collect()
        }
        guard let row = rows.first else { return nil }
        let (shared, entries) = try row.decode((String?, [String]?).self)
        let sharedEntries = try shared.map { try sealed.path($0).entries } ?? []
        return ClickPath(sharedEntries + (try (entries ?? []).map(sealed.entry)))
    }

    /// The paths of the sessions used at or after `since` (all when nil), the most recently used
    /// first, at most `limit`, read in one statement. Secret values are left empty, not decrypted.
    public func sessionPaths(usedSince since: Date?, limit: Int) async throws -> [ClickPath] {
        guard limit > 0 else { return [] }
        let since = since?.timeIntervalSince1970
        let rows = try await reaching { client, logger in
            try await client.query(
                """
                SELECT shares.path,
                    (SELECT array_agg(entry ORDER BY position) FROM flowhost_entries WHERE session = sessions.id)
                FROM flowhost_sessions sessions LEFT JOIN flowhost_shares shares ON shares.id = sessions.share
                WHERE \(since)::double precision IS NULL OR sessions.last_used >= \(since)
                ORDER BY sessions.recency DESC LIMIT \(limit)
                """, logger: logger
            ).collect()
        }
        let sessions = try rows.map { try $0.decode((String?, [String]?).self) }
        var shared: [String: [ClickPath.Entry]] = [:]
        for case (let path?, _) in sessions where shared[path] == nil {
            shared[path] = try sealed.entriesForFigures(ofPath: path)
        }
        let own = try await sealed.entriesForFigures(sessions.flatMap { $0.1 ?? [] })
        var next = 0
        return sessions.map { path, entries in
            let start = next
            next += entries?.count ?? 0
            return ClickPath((path.flatMap { shared[$0] } ?? []) + own[start..<next])
        }
    }

    /// Appends `entries` at `start`, which must be the number of entries stored (0 creates the
    /// session); throws `ClickPathStoreError` and stores nothing otherwise, or past the bound.
    /// One statement: the session's row changes only if its count is still `start`, and the
    /// entries are inserted only if it did.
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        let key = IdentifierDigest.of(session)
        // Past the bound, the stored count says which refusal it is; within it, the statement
        // itself compares the count.
        if start + entries.count > limits.maxEntriesPerSession,
            let refusal = limits.refusal(
                appending: entries.count, toSession: session, at: start, stored: try await entryCount(ofSessionKey: key)
            )
        {
            throw refusal
        }
        let rows = try entries.map(sealed.text(of:))
        var binds = PostgresBindings(capacity: 6)
        binds.append(key)
        binds.append(start + entries.count)
        binds.append(Date.now.timeIntervalSince1970)
        binds.append(start)
        binds.append(rows)
        binds.append(listener.channel)
        binds.append(listener.origin)
        if start == 0 { binds.append(limits.maxSessions - 1) }
        let query = PostgresQuery(unsafeSQL: start == 0 ? Self.appendToNewSession : Self.appendToSession, binds: binds)
        let stored = try await reaching { client, logger in
            try await client.query(query, logger: logger).collect().first?.decode(Int.self) ?? 0
        }
        guard stored == 1 else {
            let count = try await entryCount(ofSessionKey: key)
            if ClickPathStoreLimits.mayBeRetry(appending: entries.count, at: start, stored: count),
                try await isRetry(of: entries, at: start, ofSessionKey: key)
            {
                return
            }
            throw ClickPathStoreError.startMismatch(session: session, start: start, stored: count)
        }
    }

    /// Whether the session stored under `key` holds exactly `entries` from `start` to its end: an
    /// append made again after it was answered `unavailable` but committed. Positions count the
    /// shared entries, so the tail read holds the session's own only; an entry that does not
    /// decode is no repeat of these.
    private func isRetry(of entries: [ClickPath.Entry], at start: Int, ofSessionKey key: String) async throws -> Bool {
        let tail = try await reaching { client, logger in
            try await client.query(
                """
                SELECT array_agg(entry ORDER BY position) FROM flowhost_entries
                WHERE session = \(key) AND position >= \(start)
                """, logger: logger
            ).collect().first?.decode([String]?.self)
        }
        guard let tail = try? (tail ?? nil)?.map(sealed.entry) else { return false }
        return ClickPathStoreLimits.isRetry(of: entries, storedTail: tail)
    }

    /// An append that creates its session: $1 its key, $2 the new entry count, $3 now, $4 the start
    /// (0), $5 the entries, $6 the channel and $7 the origin of the change notification, $8 how
    /// many other sessions stay. The statement's snapshot does not hold the new session: the least
    /// recently used of the others beyond $8 are removed with it (other processes learn of those
    /// when they next append to them). The notification goes out when the statement commits, and
    /// only when the session's row changed (a lateral join on that row).
    private static let appendToNewSession = """
        WITH changed AS (
            INSERT INTO flowhost_sessions (id, entry_count, last_used, recency)
            VALUES ($1, $2, $3, nextval('flowhost_recency'))
            ON CONFLICT (id) DO NOTHING RETURNING id
        ), inserted AS (
            INSERT INTO flowhost_entries (session, position, entry)
            SELECT changed.id, rows.ordinality - 1 + $4, rows.entry
            FROM changed, unnest($5::text[]) WITH ORDINALITY AS rows (entry, ordinality)
        ), evicted AS (
            DELETE FROM flowhost_sessions WHERE EXISTS (SELECT 1 FROM changed) AND id IN (
                SELECT id FROM flowhost_sessions ORDER BY recency DESC OFFSET $8)
        )
        SELECT count(*) FROM changed, LATERAL (SELECT pg_notify($6, $7 || ' ' || changed.id || ' ' || $2)) notified
        """

    /// An append to a session that has $4 entries: the session's row changes only if it still has
    /// them, and the entries are inserted and the change notified only if it did.
    private static let appendToSession = """
        WITH changed AS (
            UPDATE flowhost_sessions SET entry_count = $2, last_used = $3, recency = nextval('flowhost_recency')
            WHERE id = $1 AND entry_count = $4 RETURNING id
        ), inserted AS (
            INSERT INTO flowhost_entries (session, position, entry)
            SELECT changed.id, rows.ordinality - 1 + $4, rows.entry
            FROM changed, unnest($5::text[]) WITH ORDINALITY AS rows (entry, ordinality)
        )
        SELECT count(*) FROM changed, LATERAL (SELECT pg_notify($6, $7 || ' ' || changed.id || ' ' || $2)) notified
        """

    /// The entry count of the session stored under the digest `key`, or nil.
    private func entryCount(ofSessionKey key: String) async throws -> Int? {
        try await reaching { client, logger in
            try await client.query("SELECT entry_count FROM flowhost_sessions WHERE id = \(key)", logger: logger)
                .collect().first?.decode(Int.self)
        }
    }

    /// Starts `session` from the open share `id`: a row that names the share, whose entry count
    /// is the share's; nothing of the shared path is copied. The share is locked while it is
    /// read, so the sweep cannot remove it in between.
    public func startSession(_ session: String, fromShare id: String) async throws {
        let (key, share, now, maxSessions) = (
            IdentifierDigest.of(session), IdentifierDigest.of(id), Date.now.timeIntervalSince1970, limits.maxSessions
        )
        try await transaction { connection, logger in
            guard
                let count = try await connection.query(
                    """
                    SELECT entry_count FROM flowhost_shares
                    WHERE id = \(share) AND NOT revoked AND expires > \(now) FOR SHARE
                    """, logger: logger
                ).collect().first?.decode(Int.self)
            else { throw ClickPathStoreError.shareNotOpen(share: id) }
            try await connection.query("DELETE FROM flowhost_sessions WHERE id = \(key)", logger: logger)
            try await connection.query(
                """
                DELETE FROM flowhost_sessions WHERE id IN (
                    SELECT id FROM flowhost_sessions ORDER BY recency DESC OFFSET \(maxSessions - 1))
                """, logger: logger)
            try await connection.query(
                """
                INSERT INTO flowhost_sessions (id, entry_count, last_used, recency, share)
                VALUES (\(key), \(count), \(now), nextval('flowhost_recency'), \(share))
                """, logger: logger)
        }
    }

    /// Forgets the sessions `sessions` and their paths, in one statement, which notifies the
    /// other processes of each.
    public func removeSessions(_ sessions: [String]) async throws {
        guard !sessions.isEmpty else { return }
        let keys = sessions.map(IdentifierDigest.of)
        let (channel, origin) = (listener.channel, listener.origin)
        _ = try await reaching { client, logger in
            try await client.query(
                """
                WITH removed AS (DELETE FROM flowhost_sessions WHERE id = ANY(\(keys)) RETURNING id)
                SELECT count(*) FROM removed,
                    LATERAL (SELECT pg_notify(\(channel), \(origin) || ' ' || removed.id || ' -')) notified
                """, logger: logger
            ).collect()
        }
    }

    /// Forgets the sessions last used before `cutoff`, except `keeping`, in one statement, which
    /// notifies the other processes of each; returns how many.
    public func removeSessions(usedBefore cutoff: Date, keeping: Set<String>) async throws -> Int {
        let cutoff = cutoff.timeIntervalSince1970
        let kept = keeping.map(IdentifierDigest.of)
        let (channel, origin) = (listener.channel, listener.origin)
        return try await reaching { client, logger in
            try await client.query(
                """
                WITH removed AS (
                    DELETE FROM flowhost_sessions WHERE last_used < \(cutoff) AND NOT (id = ANY(\(kept))) RETURNING id)
                SELECT count(*) FROM removed,
                    LATERAL (SELECT pg_notify(\(channel), \(origin) || ' ' || removed.id || ' -')) notified
                """, logger: logger
            ).collect().first?.decode(Int.self) ?? 0
        }
    }

    // MARK: - Processes

    /// The key that signs action tokens, derived from the store key, which every process on this
    /// database reads alike (from `FLOWHOST_STORE_KEY`, or the one the database keeps).
    public func tokenKey() async throws -> [UInt8] { actionTokenKey }

    /// The SHA-256 of `session`, as `flowhost_sessions` keeps it.
    public func sessionDigest(of session: String) -> String { IdentifierDigest.of(session) }

    /// A new stream of the changes other processes make to stored sessions from now on, from the
    /// store's `LISTEN` connection (`PostgresChangeListener`); it returns once that connection
    /// listens (the store runs), and the stream ends when the store stops.
    /// - Throws: ``PostgresStoreError/unreachable(database:reason:)`` when the listening
    ///   connection could not be made.
    public func changes() async throws -> AsyncStream<ClickPathChange> {
        let stream = listener.changes()
        do {
            try await listener.ready()
        } catch let error as CancellationError {
            throw error
        } catch {
            throw PostgresStoreError.unreachable(database: "\(location)", reason: PostgresFailure.reason(of: error))
        }
        return stream
    }

    // MARK: - Connections

    /// Runs `body` in a transaction on one connection of the pool: committed when it returns,
    /// rolled back when it throws (its error is the one thrown).
    func transaction(
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Void
    ) async throws {
        try await reaching { client, logger in
            try await client.withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    try await body(connection, logger)
                } catch {
                    // A rollback that fails leaves a connection the pool closes: the error to report
                    // is the one that stopped the transaction.
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
                try await connection.query("COMMIT", logger: logger)
            }
        }
    }

    /// Runs `body` with the pool, waiting at most `patience` (``Deadline``): an error that says
    /// the database cannot be reached (no connection, a connection lost, the server shutting down),
    /// or no answer in time, becomes ``ClickPathStoreError/unavailable(reason:)``. The log says
    /// once that the database is unreachable, and once that it is back.
    func reaching<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresClient, Logger) async throws -> Value
    ) async throws -> Value {
        let (client, logger, location, patience) = (self.client, self.logger, self.location, self.patience)
        do {
            guard let value = try await Deadline.run(within: patience, { try await body(client, logger) }) else {
                throw ClickPathStoreError.unavailable(reason: "\(location) did not answer within \(patience)")
            }
            if reachable.withLock({ reachable in
                defer { reachable = true }; return !reachable
            }) {
                logger.notice("The click path store's database \(location) answers again")
            }
            return value
        } catch {
            let failure: any Error =
                PostgresFailure.isUnreachable(error)
                ? ClickPathStoreError.unavailable(reason: "\(location): \(PostgresFailure.reason(of: error))") : error
            if case .unavailable(let reason) = failure as? ClickPathStoreError,
                reachable.withLock({ reachable in
                    defer { reachable = false }; return reachable
                })
            {
                logger.error(
                    """
                    The click path store's database cannot be reached (\(reason)): actions that must be stored are \
                    refused until it answers; the store connects again by itself
                    """)
            }
            throw failure
        }
    }
}
