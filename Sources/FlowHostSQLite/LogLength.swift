import GRDB
import GRDBSQLite
import Synchronization

/// The length of the store's write-ahead log, in pages, after the last commit, as SQLite tells the
/// committing connection (`sqlite3_wal_hook`): the writer's measure of when to stop for a
/// checkpoint (`WALCheckpointer/boundLog(frames:)`), read for free at every commit.
final class LogLength: Sendable {
    private let frames = Atomic(0)

    /// The log's pages after the last commit of a connection this is installed in.
    var current: Int { frames.load(ordering: .relaxed) }

    /// Has every commit of `db` report the log's length here. This replaces SQLite's automatic
    /// checkpoint (a connection has one such hook), which the store turns off anyway.
    func install(in db: Database) {
        sqlite3_wal_hook(
            db.sqliteConnection,
            { context, _, _, frames in
                guard let context else { return SQLITE_OK }
                Unmanaged<LogLength>.fromOpaque(context).takeUnretainedValue().frames.store(
                    Int(frames), ordering: .relaxed)
                return SQLITE_OK
            },
            // The configuration that installs it keeps it, as long as any connection it prepared.
            Unmanaged.passUnretained(self).toOpaque())
    }
}
