import FlowHostApp
import FlowHostAtRest
import Foundation
import GRDB
import HTMLPresenter

/// The tables of a ``SQLiteClickPathStore``, one migration per version, and what a file must be to
/// be opened as one. A new kind of record is a migration here that makes its tables, and its
/// tables in ``tables``; a file that has a migration this build does not know is refused (a newer
/// FlowHost wrote it).
enum SQLiteSchema {
    /// Every table the migrations make, besides GRDB's own: a file with others is another
    /// program's database.
    static let tables: Set<String> = [
        "sessions", "entries", "shares", "studies", "testers", "testerEvents", "comments",
    ]

    /// The lifetime of a share migrated from a version 1 file, which kept shares for good.
    private static let migratedShareLifetime: TimeInterval = 30 * 24 * 60 * 60

    /// The migrations, applied in order when a store opens.
    static var migrator: DatabaseMigrator {
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
        // Studies and their testers: a tester's events and path copy are the study's, apart from
        // the sessions table, whose rows end by the sessions' rules.
        migrator.registerMigration("v3-studies") { db in
            try db.execute(
                sql: """
                    CREATE TABLE studies (
                        id TEXT PRIMARY KEY NOT NULL,
                        definition TEXT NOT NULL,
                        link TEXT NOT NULL UNIQUE,
                        expires REAL NOT NULL,
                        revoked INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE testers (
                        session TEXT PRIMARY KEY NOT NULL,
                        study TEXT NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
                        started REAL NOT NULL,
                        eventCount INTEGER NOT NULL,
                        path TEXT NOT NULL
                    );
                    CREATE INDEX testersByStudy ON testers (study, started);
                    CREATE TABLE testerEvents (
                        tester TEXT NOT NULL REFERENCES testers (session) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        event TEXT NOT NULL,
                        PRIMARY KEY (tester, position)
                    ) WITHOUT ROWID;
                    """)
        }
        // Comments pinned to states: named after what they add, not numbered, so that migrations
        // written on other branches at the same time never share a name.
        migrator.registerMigration("comments") { db in
            try db.execute(
                sql: """
                    CREATE TABLE comments (
                        id TEXT PRIMARY KEY NOT NULL,
                        position INTEGER NOT NULL,
                        author TEXT NOT NULL,
                        path TEXT NOT NULL,
                        fields TEXT NOT NULL,
                        replies TEXT NOT NULL DEFAULT '[]',
                        resolved INTEGER NOT NULL DEFAULT 0,
                        outdatedAt TEXT
                    );
                    CREATE INDEX commentsByPosition ON comments (position);
                    """)
        }
        return migrator
    }

    /// Refuses a newer FlowHost's store and another program's database before the migrator
    /// writes. Newer first: a newer FlowHost's tables are not another program's.
    static func checkIsStore(_ database: DatabasePool, file: String) throws {
        try database.read { db in
            let found = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            if found.contains("grdb_migrations"), try migrator.hasBeenSuperseded(db) {
                throw ClickPathStoreError.notAStore(file: file, reason: "written by a newer FlowHost")
            }
            let foreign = found.filter { $0 != "grdb_migrations" && !tables.contains($0) }
            if !foreign.isEmpty {
                throw ClickPathStoreError.notAStore(
                    file: file, reason: "a database of another program, with tables \(foreign.joined(separator: ", "))")
            }
        }
    }

    /// Refuses a store this build would migrate, for a reader that writes nothing: a database with
    /// no FlowHost table (an empty file) is no store; one an older FlowHost wrote is read once a
    /// server of this build opened it.
    static func checkIsCurrent(_ database: DatabasePool, file: String) throws {
        try database.read { db in
            guard try db.tableExists("grdb_migrations"), try !migrator.completedMigrations(db).isEmpty else {
                throw ClickPathStoreError.notAStore(file: file, reason: "it holds no FlowHost table")
            }
            guard try migrator.hasCompletedMigrations(db) else {
                throw ClickPathStoreError.notAStore(
                    file: file,
                    reason: "an older FlowHost wrote it; serve it once with this build, which brings it up to date")
            }
        }
    }

    /// A connection's configuration whose calls wait `patience` for the file when another
    /// connection (another process, a restart while the old one ends) holds its lock.
    static func configuration(patience: Duration) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(
            Double(patience.components.seconds) + Double(patience.components.attoseconds) / 1e18)
        return configuration
    }

    /// What `open` returns, opening the store's file at `file`; its failures as
    /// ``ClickPathStoreError``s (``openError(_:file:)`` for SQLite's own).
    static func opening<Opened>(file: String, _ open: () throws -> Opened) throws -> Opened {
        do {
            return try open()
        } catch let error as DatabaseError {
            throw openError(error, file: file)
        } catch let error as ClickPathStoreError {
            throw error
        } catch {
            throw ClickPathStoreError.unreadable(file: file, reason: error.localizedDescription)
        }
    }

    /// The typed error for a failure to open: the file's content, or its access.
    static func openError(_ error: DatabaseError, file: String) -> ClickPathStoreError {
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notAStore(file: file, reason: reason)
        default: return .unreadable(file: file, reason: reason)
        }
    }

    /// Whether `error`, failing a call on an open store, says the file cannot be reached now
    /// rather than that a statement is wrong: locked by another connection past the store's
    /// patience, full, or failing to read or write.
    static func isUnreachable(_ error: DatabaseError) -> Bool {
        switch error.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_READONLY,
            .SQLITE_NOMEM, .SQLITE_PERM, .SQLITE_PROTOCOL:
            true
        default: false
        }
    }
}
