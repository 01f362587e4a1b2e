import Crypto
import FlowHostAtRest
import Logging
import PostgresNIO

/// The PostgreSQL store's tables, made or migrated when a store opens: on a connection of its own,
/// in one transaction that holds an advisory lock named after the schema, so that of several
/// processes starting at once one makes the tables and the others find them made. The version is
/// the row of `flowhost_schema_version`; a database a newer FlowHost migrated is refused.
enum PostgresSchema {
    /// The version this build makes and reads.
    static let version = 3

    /// The migrations, the one at index `n` taking a store from version `n` to `n + 1`: statements
    /// run one by one (the extended protocol takes one statement a query).
    private static let migrations: [[String]] = [
        [
            """
            CREATE TABLE flowhost_shares (
            id text PRIMARY KEY,
            path text NOT NULL,
            entry_count integer NOT NULL,
            created double precision NOT NULL,
            expires double precision NOT NULL,
            sharer text,
            revoked boolean NOT NULL DEFAULT false
            )
            """,
            "CREATE SEQUENCE flowhost_recency",
            """
            CREATE TABLE flowhost_sessions (
                id text PRIMARY KEY,
                entry_count integer NOT NULL,
                last_used double precision NOT NULL,
                recency bigint NOT NULL,
                share text REFERENCES flowhost_shares (id)
            )
            """,
            "CREATE INDEX flowhost_sessions_by_recency ON flowhost_sessions (recency)",
            "CREATE INDEX flowhost_sessions_by_share ON flowhost_sessions (share) WHERE share IS NOT NULL",
            """
            CREATE TABLE flowhost_entries (
                session text NOT NULL REFERENCES flowhost_sessions (id) ON DELETE CASCADE,
                position integer NOT NULL,
                entry text NOT NULL,
                PRIMARY KEY (session, position)
            )
            """,
            "CREATE TABLE flowhost_settings (name text PRIMARY KEY, value text NOT NULL)",
        ],
        // Studies and their testers: a tester's events and path copy are the study's, apart from
        // flowhost_sessions, whose rows end by the sessions' rules.
        [
            """
            CREATE TABLE flowhost_studies (
                id text PRIMARY KEY,
                definition text NOT NULL,
                link text NOT NULL UNIQUE,
                expires double precision NOT NULL,
                revoked boolean NOT NULL DEFAULT false
            )
            """,
            """
            CREATE TABLE flowhost_testers (
                session text PRIMARY KEY,
                study text NOT NULL REFERENCES flowhost_studies (id) ON DELETE CASCADE,
                started double precision NOT NULL,
                event_count integer NOT NULL,
                path text NOT NULL
            )
            """,
            "CREATE INDEX flowhost_testers_by_study ON flowhost_testers (study, started)",
            """
            CREATE TABLE flowhost_tester_events (
                tester text NOT NULL REFERENCES flowhost_testers (session) ON DELETE CASCADE,
                position integer NOT NULL,
                event text NOT NULL,
                PRIMARY KEY (tester, position)
            )
            """,
        ],
        // Comments pinned to states.
        [
            """
            CREATE TABLE flowhost_comments (
                id text PRIMARY KEY,
                position bigint GENERATED ALWAYS AS IDENTITY,
                author text NOT NULL,
                path text NOT NULL,
                fields text NOT NULL,
                replies text NOT NULL DEFAULT '[]',
                resolved boolean NOT NULL DEFAULT false,
                outdated_at text
            )
            """,
            "CREATE INDEX flowhost_comments_by_position ON flowhost_comments (position)",
        ],
    ]

    /// Whether `name` can name a schema here: lowercase ASCII letters, digits and `_`, not first a
    /// digit (it is written into statements unquoted).
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), name.utf8.count <= 63 else {
            return false
        }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Connects to `location`, makes `schema` (when given) and the tables or migrates them, and
    /// returns the key of the secret values kept in the database, made now when missing if
    /// `makingKey` (nil when not).
    /// - Throws: ``PostgresStoreError``.
    static func prepare(
        _ location: PostgresStoreLocation, schema: String?, makingKey: Bool, logger: Logger
    ) async throws -> String? {
        try await withConnection(to: location, schema: schema, logger: logger) { connection in
            try await migrate(connection, location: location, schema: schema, makingKey: makingKey, logger: logger)
        }
    }

    /// Runs `body` on a connection of its own to `location`, closed after it whatever it did.
    /// - Throws: ``PostgresStoreError/unreachable(database:reason:)`` when no connection is made,
    ///   else what `body` throws.
    private static func withConnection<Value: Sendable>(
        to location: PostgresStoreLocation, schema: String?, logger: Logger,
        _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try location.connectionConfiguration(schema: schema), id: 0, logger: logger)
        } catch {
            throw PostgresStoreError.unreachable(database: "\(location)", reason: PostgresFailure.reason(of: error))
        }
        let result: Result<Value, any Error>
        do {
            result = .success(try await body(connection))
        } catch {
            result = .failure(error)
        }
        // Closing tells the server the session ended; one that cannot be told has ended it already.
        try? await connection.close()
        return try result.get()
    }

    /// In one transaction on `connection`: the lock, the schema, the tables, the key.
    private static func migrate(
        _ connection: PostgresConnection, location: PostgresStoreLocation, schema: String?, makingKey: Bool,
        logger: Logger
    ) async throws -> String? {
        let database = "\(location)"
        do {
            try await connection.query("BEGIN", logger: logger)
            let lock = "flowhost:" + (schema ?? "")
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(lock)))", logger: logger)
            if let schema {
                try await connection.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: schema)", logger: logger)
            }
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS flowhost_schema_version (version integer NOT NULL)", logger: logger)
            let found =
                try await connection.query("SELECT max(version) FROM flowhost_schema_version", logger: logger)
                .collect().first?.decode(Int?.self) ?? nil
            let current = found ?? 0
            guard current <= version else {
                throw PostgresStoreError.notAStore(
                    database: database, reason: "its schema is version \(current), written by a newer FlowHost")
            }
            for statement in migrations[current...].joined() {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            if found == nil {
                try await connection.query("INSERT INTO flowhost_schema_version VALUES (\(version))", logger: logger)
            } else if current < version {
                try await connection.query("UPDATE flowhost_schema_version SET version = \(version)", logger: logger)
            }
            if makingKey {
                let made = StoreKey.text(of: SymmetricKey(size: .bits256))
                try await connection.query(
                    """
                    INSERT INTO flowhost_settings (name, value) VALUES ('store_key', \(made))
                    ON CONFLICT (name) DO NOTHING
                    """, logger: logger)
            }
            let key = try await connection.query(
                "SELECT value FROM flowhost_settings WHERE name = 'store_key'", logger: logger
            ).collect().first?.decode(String.self)
            try await connection.query("COMMIT", logger: logger)
            return key
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw PostgresStoreError.notAStore(
                database: database, reason: "its schema cannot be made: \(PostgresFailure.reason(of: error))")
        }
    }

    // MARK: - Reading a store another process kept

    /// Connects to `location` and, in a read-only transaction, checks that it holds a store of
    /// this build's version and returns its stored key (nil when it keeps none): nothing is made
    /// or migrated, for a reader that changes nothing.
    /// - Throws: ``PostgresStoreError``: `notAStore` for a database with no store, or a store of
    ///   an older or newer FlowHost.
    static func check(_ location: PostgresStoreLocation, schema: String?, logger: Logger) async throws -> String? {
        let database = "\(location)"
        return try await withConnection(to: location, schema: schema, logger: logger) { connection in
            let found: (Int?, String?)?
            do {
                try await connection.query("BEGIN READ ONLY", logger: logger)
                found = try await connection.query(
                    """
                    SELECT (SELECT max(version) FROM flowhost_schema_version),
                        (SELECT value FROM flowhost_settings WHERE name = 'store_key')
                    """, logger: logger
                ).collect().first?.decode((Int?, String?).self)
                try await connection.query("COMMIT", logger: logger)
            } catch {
                // A database without the tables fails the read: it holds no store.
                throw PostgresStoreError.notAStore(
                    database: database, reason: "it holds no FlowHost store: \(PostgresFailure.reason(of: error))")
            }
            switch found?.0 {
            case version?: return found?.1
            case let older? where older < version:
                throw PostgresStoreError.notAStore(
                    database: database,
                    reason: "an older FlowHost wrote it; serve it once with this build, which brings it up to date")
            case let newer?:
                throw PostgresStoreError.notAStore(
                    database: database, reason: "its schema is version \(newer), written by a newer FlowHost")
            case nil:
                throw PostgresStoreError.notAStore(database: database, reason: "it holds no FlowHost store")
            }
        }
    }
}
