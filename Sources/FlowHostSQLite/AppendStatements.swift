import GRDB
import GRDBSQLite

/// The statements of an append (``SQLiteClickPathStore``'s one write a click), run through
/// SQLite's own API on statements GRDB prepared and keeps: GRDB's statement cache finalizes them
/// when the connection closes. The transaction around them too (``inTransaction(_:)``).
///
/// GRDB's `execute(arguments:)` boxes each argument in a `DatabaseValue`, checks them against the
/// statement, checks that it runs on the connection's queue and calls its observation hooks
/// around the step: 3-4 µs a statement, and an append runs three (its session's row and count,
/// the row's update, its entry). Here a string is bound where it lies (`SQLITE_STATIC`, as GRDB's
/// own temporary bindings are: SQLite reads it during the step, inside its `withCString`), and a
/// statement is reset and its bindings cleared once it ran. Made once a transaction: GRDB's cache
/// finds a statement by its text, which it hashes.
struct AppendStatements {
    private let connection: SQLiteConnection?
    private let begin: Statement
    private let commit: Statement
    private let rollback: Statement
    private let mostRecentSession: Statement
    private let storedSession: Statement
    private let updateSession: Statement
    private let insertSession: Statement
    private let entry: Statement

    /// The statements of `db`, the writer's connection.
    init(_ db: Database) throws {
        connection = db.sqliteConnection
        // IMMEDIATE, as GRDB begins a write: the write lock is taken (or waited for, within the
        // store's patience) before the first read, so no read is upgraded into SQLITE_BUSY.
        begin = try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION")
        commit = try db.cachedStatement(sql: "COMMIT TRANSACTION")
        rollback = try db.cachedStatement(sql: "ROLLBACK TRANSACTION")
        mostRecentSession = try db.cachedStatement(sql: "SELECT COALESCE(MAX(recency), 0) FROM sessions")
        storedSession = try db.cachedStatement(sql: "SELECT rowid, entryCount FROM sessions WHERE id = ?")
        updateSession = try db.cachedStatement(
            sql: "UPDATE sessions SET entryCount = ?, lastUsed = ?, recency = ? WHERE rowid = ?")
        insertSession = try db.cachedStatement(
            sql: "INSERT INTO sessions (id, entryCount, lastUsed, recency) VALUES (?, ?, ?, ?)")
        entry = try db.cachedStatement(sql: "INSERT INTO entries (session, position, entry) VALUES (?, ?, ?)")
    }

    /// Runs `body` in a transaction and commits it; when `body` or the commit throws, rolls it
    /// back (unless SQLite did) and rethrows. GRDB's `write` does the same, but parses `BEGIN` and
    /// `COMMIT` anew each time.
    func inTransaction<Value>(_ body: () throws -> Value) throws -> Value {
        try run(begin)
        do {
            let value = try body()
            try run(commit)
            return value
        } catch {
            // An I/O error, a full disk or memory may have rolled it back already.
            if let connection, sqlite3_get_autocommit(connection) == 0 { try run(rollback) }
            throw error
        }
    }

    /// The highest `recency` of the sessions (0 when there is none), read once a transaction: the
    /// transaction holds the file's write lock, so no other connection gives out a recency until
    /// it ends, and each append's session takes the next one (as each append's own
    /// `MAX(recency) + 1` did, one index lookup less an append).
    func mostRecent() throws -> Int64 {
        let statement = mostRecentSession.sqliteStatement
        defer { finish(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw failure(code, in: mostRecentSession) }
        return sqlite3_column_int64(statement, 0)
    }

    /// The row of the session whose digest is `key` and its number of entries, nil when it has no
    /// row: the row is where its update goes, with no second lookup of `key` (valid until the
    /// transaction ends).
    func session(_ key: String) throws -> (row: Int64, entryCount: Int)? {
        let statement = storedSession.sqliteStatement
        defer { finish(statement) }
        return try key.withCString { key in
            bind(key, to: statement, at: 1)
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return (sqlite3_column_int64(statement, 0), Int(sqlite3_column_int64(statement, 1)))
            case SQLITE_DONE: return nil
            case let code: throw failure(code, in: storedSession)
            }
        }
    }

    /// Updates the session at `row` (``session(_:)``): `entryCount` entries, used at `lastUsed`,
    /// its recency `recency`.
    func updateSession(at row: Int64, entryCount: Int, lastUsed: Double, recency: Int64) throws {
        let statement = updateSession.sqliteStatement
        defer { finish(statement) }
        sqlite3_bind_int64(statement, 1, Int64(entryCount))
        sqlite3_bind_double(statement, 2, lastUsed)
        sqlite3_bind_int64(statement, 3, recency)
        sqlite3_bind_int64(statement, 4, row)
        try step(statement, of: updateSession)
    }

    /// Creates the row of the session whose digest is `key`, which has none: `entryCount`
    /// entries, used at `lastUsed`, its recency `recency`.
    func insertSession(_ key: String, entryCount: Int, lastUsed: Double, recency: Int64) throws {
        let statement = insertSession.sqliteStatement
        defer { finish(statement) }
        try key.withCString { key in
            bind(key, to: statement, at: 1)
            sqlite3_bind_int64(statement, 2, Int64(entryCount))
            sqlite3_bind_double(statement, 3, lastUsed)
            sqlite3_bind_int64(statement, 4, recency)
            try step(statement, of: insertSession)
        }
    }

    /// Inserts `row` (an entry as the store keeps it) at `position` of the session whose digest is
    /// `key`.
    func insertEntry(_ row: String, ofSession key: String, at position: Int) throws {
        let statement = entry.sqliteStatement
        defer { finish(statement) }
        try key.withCString { key in
            try row.withCString { row in
                bind(key, to: statement, at: 1)
                sqlite3_bind_int64(statement, 2, Int64(position))
                bind(row, to: statement, at: 3)
                try step(statement, of: entry)
            }
        }
    }

    /// Binds the C string `text` as TEXT up to its NUL, as GRDB binds a `String`, without a copy
    /// (`SQLITE_STATIC`): `text` must outlive the step.
    private func bind(_ text: UnsafePointer<CChar>, to statement: SQLiteStatement, at index: CInt) {
        sqlite3_bind_text(statement, index, text, -1, nil)
    }

    /// Runs `statement`, which has no argument and returns no row, to its end.
    private func run(_ statement: Statement) throws {
        defer { finish(statement.sqliteStatement) }
        try step(statement.sqliteStatement, of: statement)
    }

    /// Runs `statement`, which returns no row, to its end.
    private func step(_ statement: SQLiteStatement, of owner: Statement) throws {
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw failure(code, in: owner) }
    }

    /// Makes `statement` ready for its next run, with no pointer into a string that is gone.
    private func finish(_ statement: SQLiteStatement) {
        // Its result repeats the step's, which was handled.
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// The error SQLite reports for `code`, as GRDB's statements throw it.
    private func failure(_ code: CInt, in statement: Statement) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: connection.map { String(cString: sqlite3_errmsg($0)) },
            sql: statement.sql)
    }
}
