import Crypto
import FlowHostApp
import FlowHostAtRest
import Foundation
import HTMLPresenter
import Logging
import PostgresNIO
import Synchronization

/// A ``ClickPathStore`` in a PostgreSQL database (`--store postgres://USER@HOST:PORT/DB`), which
/// several server processes share: any of them can rebuild any session from it.
///
/// Built on vapor/postgres-nio: a `PostgresClient` pool of connections, run by a task the store
/// owns until ``close()``. The tables, in the schema given or the user's default one:
/// `flowhost_sessions` (id, entry count, last used, recency, the share it started from),
/// `flowhost_entries` (session, position, entry as JSON; the primary key is (session, position)),
/// `flowhost_shares` (id, path as JSON, entry count, created, expires, sharer, revoked) and
/// `flowhost_settings` (the key of the secret values, when the environment gives none), made or
/// migrated when the store opens, under an advisory lock so that processes starting at once do not
/// race, and versioned in `flowhost_schema_version`.
///
/// The same semantics as ``SQLiteClickPathStore``, with several writers: an append is one
/// statement that stores its entries only if the session's entry count is still its `start`
/// (`UPDATE ... WHERE entry_count = start`, or an insert that finds no session), so of two
/// processes appending to one session at once one wins and the other gets
/// ``ClickPathStoreError/startMismatch(session:start:stored:)``, and nothing is written twice.
///
/// At rest, as in the SQLite store: session and share ids are kept as their SHA-256
/// (``IdentifierDigest``); the values of secret fields are encrypted with AES-256-GCM
/// (``SecretSealer``) under the key `FLOWHOST_STORE_KEY`, or else a key made once and kept in the
/// database (`flowhost_settings`), so that every process reads the same; a copy of the database
/// then holds its key, which `FLOWHOST_STORE_KEY` avoids.
///
/// Bounded like the other stores: at most `maxSessions` sessions (a new one beyond removes the
/// least recently used with its entries, in the same statement), at most `maxEntriesPerSession`
/// entries a path, at most `maxShares` shares.
public final class PostgresClickPathStore: ClickPathStore {
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
    /// At most this many sessions are kept; a new one beyond removes the least recently used.
    public let maxSessions: Int
    /// At most this many entries are kept for a session.
    public let maxEntriesPerSession: Int
    /// At most this many shares are kept; a new one beyond is refused.
    public let maxShares: Int
    /// How long a call waits for the database (a connection, then its statements) before it
    /// throws ``ClickPathStoreError/unavailable(reason:)``.
    public let patience: Duration
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let listener: PostgresChangeListener
    private let listening: Task<Void, Never>
    private let sealer: SecretSealer
    private let actionTokenKey: [UInt8]
    private let logger: Logger
    /// Whether the last call reached the database: the log says when that changes, not per call.
    private let reachable = Mutex(true)

    // MARK: - Initialization

    /// Opens the store in the database at `location`: connects, makes or migrates the schema, reads
    /// or makes the key, and starts the pool of at most `maxConnections` connections.
    /// - Parameters:
    ///   - schema: the schema of the tables (made when missing: lowercase letters, digits and `_`),
    ///     or nil for the user's default one.
    ///   - patience: how long a call waits for the database before it throws
    ///     ``ClickPathStoreError/unavailable(reason:)``.
    ///   - listenerCheck: how often the connection that listens for other processes' changes is
    ///     checked (a query it must answer within `patience`, else it is replaced).
    /// - Throws: ``PostgresStoreError/unreachable(database:reason:)`` when the server cannot be
    ///   reached or refuses the user or the database, ``PostgresStoreError/notAStore(database:reason:)``
    ///   for a store a newer FlowHost wrote, ``ClickPathStoreError/unusableKey(source:reason:)`` for
    ///   a key that cannot be used.
    public static func open(
        _ location: PostgresStoreLocation, schema: String? = nil, maxSessions: Int = 2000,
        maxEntriesPerSession: Int = 2000, maxShares: Int = 10_000, maxConnections: Int = 16,
        patience: Duration = .seconds(5), listenerCheck: Duration = .seconds(30),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "flowhost.store")
    ) async throws -> PostgresClickPathStore {
        precondition(
            maxSessions > 0 && maxEntriesPerSession >= 0 && maxShares >= 0, "a store keeps at least one session")
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
        let listening: Task<Void, Never>
        do {
            listening = try await PostgresChangeListener.start(listener)
        } catch {
            throw PostgresStoreError.unreachable(database: "\(location)", reason: PostgresFailure.reason(of: error))
        }
        return PostgresClickPathStore(
            location: location, schema: schema, maxSessions: maxSessions, maxEntriesPerSession: maxEntriesPerSession,
            maxShares: maxShares, maxConnections: maxConnections, patience: patience, key: key, listener: listener,
            listening: listening, logger: logger)
    }

    private init(
        location: PostgresStoreLocation, schema: String?, maxSessions: Int, maxEntriesPerSession: Int, maxShares: Int,
        maxConnections: Int, patience: Duration, key: SymmetricKey, listener: PostgresChangeListener,
        listening: Task<Void, Never>,
        logger: Logger
    ) {
        self.location = location
        self.schema = schema
        self.maxSessions = maxSessions
        self.maxEntriesPerSession = maxEntriesPerSession
        self.maxShares = maxShares
        self.patience = patience
        sealer = SecretSealer(key: key)
        actionTokenKey = StoreKey.tokenKey(derivedFrom: key)
        self.listener = listener
        self.listening = listening
        self.logger = logger
        // The pool logs each connection it fails to make or loses; the store says what that means
        // for its callers (its errors), so only the pool's own errors are worth the log.
        var poolLogger = logger
        poolLogger.logLevel = max(logger.logLevel, .error)
        let client = PostgresClient(
            configuration: location.clientConfiguration(schema: schema, maxConnections: maxConnections),
            backgroundLogger: poolLogger)
        self.client = client
        running = Task { await client.run() }
    }

    /// Closes the pool's connections and the listening one, and ends the ``changes()`` streams;
    /// any later call throws.
    public func close() async {
        listening.cancel()
        running.cancel()
        await listening.value
        await running.value
        listener.finish()
    }

    deinit {
        listening.cancel()
        running.cancel()
        listener.finish()
    }

    // MARK: - API

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
        let sharedEntries = try shared.map { try decode(ClickPath.self, from: $0).entries } ?? []
        return ClickPath(sharedEntries + (try (entries ?? []).map { try decode(ClickPath.Entry.self, from: $0) }))
    }

    /// Appends `entries` at `start`, which must be the number of entries stored (0 creates the
    /// session); throws ``ClickPathStoreError`` and stores nothing otherwise, or past the bound.
    /// One statement: the session's row changes only if its count is still `start`, and the
    /// entries are inserted only if it did.
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        let key = IdentifierDigest.of(session)
        guard start + entries.count <= maxEntriesPerSession else {
            let stored = try await entryCount(ofSessionKey: key)
            guard start == (stored ?? 0) else {
                throw ClickPathStoreError.startMismatch(session: session, start: start, stored: stored)
            }
            throw ClickPathStoreError.pathTooLong(session: session, limit: maxEntriesPerSession)
        }
        let rows = try entries.map { try sealer.seal($0).json }
        var binds = PostgresBindings(capacity: 6)
        binds.append(key)
        binds.append(start + entries.count)
        binds.append(Date.now.timeIntervalSince1970)
        binds.append(start)
        binds.append(rows)
        binds.append(listener.channel)
        binds.append(listener.origin)
        if start == 0 { binds.append(maxSessions - 1) }
        let query = PostgresQuery(unsafeSQL: start == 0 ? Self.appendToNewSession : Self.appendToSession, binds: binds)
        let stored = try await reaching { client, logger in
            try await client.query(query, logger: logger).collect().first?.decode(Int.self) ?? 0
        }
        guard stored == 1 else {
            throw ClickPathStoreError.startMismatch(
                session: session, start: start, stored: try await entryCount(ofSessionKey: key))
        }
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
            IdentifierDigest.of(session), IdentifierDigest.of(id), Date.now.timeIntervalSince1970, maxSessions
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

    /// Forgets the sessions not appended to for `interval`, except `keeping`, in one statement;
    /// returns how many.
    public func removeSessions(unusedFor interval: Duration, keeping: Set<String>) async throws -> Int {
        let cutoff = Date.now.timeIntervalSince1970 - Double(interval.components.seconds)
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

    /// Keeps `path` under the share id `id` until `expires`, replacing what was shared under it;
    /// one statement, which stores nothing when the store holds `maxShares` others.
    public func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws {
        let json = String(decoding: try JSONEncoder().encode(try sealer.seal(path)), as: UTF8.self)
        let (key, sharer) = (IdentifierDigest.of(id), IdentifierDigest.of(session))
        let (now, until, count) = (Date.now.timeIntervalSince1970, expires.timeIntervalSince1970, path.entries.count)
        // An upsert, not a delete and insert: sessions may refer to the row.
        let maxShares = maxShares
        let stored = try await reaching { client, logger in
            try await client.query(
                """
                INSERT INTO flowhost_shares (id, path, entry_count, created, expires, sharer, revoked)
                SELECT \(key), \(json), \(count), \(now), \(until), \(sharer), false
                WHERE (SELECT count(*) FROM flowhost_shares WHERE id <> \(key)) < \(maxShares)
                ON CONFLICT (id) DO UPDATE SET
                    path = excluded.path, entry_count = excluded.entry_count, created = excluded.created,
                    expires = excluded.expires, sharer = excluded.sharer, revoked = false
                RETURNING 1
                """, logger: logger
            ).collect()
        }
        guard !stored.isEmpty else { throw ClickPathStoreError.tooManyShares(limit: maxShares) }
    }

    /// The share `id` as `session` sees it, or nil.
    public func share(id: String, askedBy session: String?) async throws -> SharedPath? {
        let key = IdentifierDigest.of(id)
        let rows = try await reaching { client, logger in
            try await client.query(
                "SELECT path, expires, sharer, revoked FROM flowhost_shares WHERE id = \(key)", logger: logger
            ).collect()
        }
        guard let row = rows.first else { return nil }
        let (json, seconds, sharer, revoked) = try row.decode((String, Double, String?, Bool).self)
        let expires = Date(timeIntervalSince1970: seconds)
        return SharedPath(
            path: try decode(ClickPath.self, from: json), expires: expires,
            status: SharedPath.status(revoked: revoked, expires: expires, now: .now),
            isSharer: sharer != nil && session.map(IdentifierDigest.of) == sharer)
    }

    /// Revokes the share `id` if `session` shared it.
    public func revokeShare(id: String, bySession session: String) async throws -> Bool {
        let (key, sharer) = (IdentifierDigest.of(id), IdentifierDigest.of(session))
        return try await reaching { client, logger in
            try await !client.query(
                "UPDATE flowhost_shares SET revoked = true WHERE id = \(key) AND sharer = \(sharer) RETURNING 1",
                logger: logger
            ).collect().isEmpty
        }
    }

    /// Removes the expired shares no session refers to, and forgets the paths of revoked ones no
    /// session refers to, in one statement; returns how many were removed.
    public func removeExpiredShares() async throws -> Int {
        let now = Date.now.timeIntervalSince1970
        let empty = String(decoding: try JSONEncoder().encode(ClickPath()), as: UTF8.self)
        return try await reaching { client, logger in
            try await client.query(
                """
                WITH removed AS (
                    DELETE FROM flowhost_shares WHERE expires <= \(now) AND \(unescaped: Self.unreferred) RETURNING 1
                ), forgotten AS (
                    UPDATE flowhost_shares SET path = \(empty), entry_count = 0
                    WHERE revoked AND entry_count > 0 AND expires > \(now) AND \(unescaped: Self.unreferred)
                )
                SELECT count(*) FROM removed
                """, logger: logger
            ).collect().first?.decode(Int.self) ?? 0
        }
    }

    /// The condition of a share no session refers to.
    private static let unreferred = "NOT EXISTS (SELECT 1 FROM flowhost_sessions WHERE share = flowhost_shares.id)"

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
        let decoder = JSONDecoder()
        return try rows.map { row in
            let (shared, entries) = try row.decode((String?, [String]?).self)
            let sharedEntries =
                try shared.map { try decodeSealed(ClickPath.self, from: $0, with: decoder).entries } ?? []
            let own = try (entries ?? []).map { try decodeSealed(ClickPath.Entry.self, from: $0, with: decoder) }
            return ClickPath((sharedEntries + own).map(\.secretValuesLeftOut))
        }
    }

    /// The key that signs action tokens, derived from the store key, which every process on this
    /// database reads alike (from `FLOWHOST_STORE_KEY`, or the one the database keeps).
    public func tokenKey() async throws -> [UInt8] { actionTokenKey }

    /// The SHA-256 of `session`, as `flowhost_sessions` keeps it.
    public func sessionDigest(of session: String) -> String { IdentifierDigest.of(session) }

    /// A new stream of the changes other processes make to stored sessions from now on, from the
    /// store's `LISTEN` connection (``PostgresChangeListener``); it ends when the store closes.
    public func changes() -> AsyncStream<ClickPathChange> { listener.changes() }

    // MARK: - Connections

    /// Runs `body` in a transaction on one connection of the pool: committed when it returns,
    /// rolled back when it throws (its error is the one thrown).
    private func transaction(
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
    private func reaching<Value: Sendable>(
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

    /// A stored path or entry, its secret values decrypted.
    private func decode<Value: Decodable & Sealable>(_ type: Value.Type, from json: String) throws -> Value {
        let value = try decodeSealed(type, from: json)
        do {
            return try value.opened(by: sealer)
        } catch let error as SecretSealer.SealingError {
            throw ClickPathStoreError.undecodable(file: "\(location)", reason: error.reason)
        }
    }

    /// A stored path or entry as it is kept, its secret values sealed.
    private func decodeSealed<Value: Decodable>(
        _ type: Value.Type, from json: String, with decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        do {
            return try decoder.decode(type, from: Data(json.utf8))
        } catch {
            throw ClickPathStoreError.undecodable(file: "\(location)", reason: "\(error)")
        }
    }
}

/// What the store keeps with its secret values sealed: an entry, a path.
private protocol Sealable {
    func opened(by sealer: SecretSealer) throws -> Self
}

extension ClickPath.Entry: Sealable {
    fileprivate func opened(by sealer: SecretSealer) throws -> Self { try sealer.open(self) }
}

extension ClickPath: Sealable {
    fileprivate func opened(by sealer: SecretSealer) throws -> Self { try sealer.open(self) }
}
