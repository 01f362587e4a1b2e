import Dispatch
import GRDB
import Synchronization

/// Copies the store's write-ahead log into the database file on a connection and a thread of its
/// own, so that the writer never waits for it.
///
/// SQLite checkpoints by default in the connection that commits, every 1,000 pages of log: that
/// commit then copies the pages and waits for two `fsync`s (4 ms at the median on the benchmark
/// machine's disk, 30 at the 90th percentile), and every append waiting behind it waits as long:
/// the 5 ms of POST p99 the SQLite store added to the memory store's. Here the store's
/// connections do not checkpoint (`wal_autocheckpoint = 0`); the writer reports what it commits,
/// and after ``writesPerCheckpoint`` writes this connection runs a passive checkpoint, which
/// takes no lock a writer needs. Durability is unchanged: a commit is in the log before its
/// caller hears of it, and a checkpoint only moves committed pages (with the same `fsync`s, now
/// off the writer).
///
/// A passive checkpoint copies the log up to where it ended when the checkpoint started; the log
/// starts over (instead of growing) only when a write begins with all of it copied, which under
/// a steady stream of commits may not happen. So when a checkpoint finds more than
/// ``maxLogFrames`` in the log, the writer checkpoints once itself, between two transactions
/// (``writerShouldCheckpoint``): little is left to copy then, and its next write starts the log
/// over.
final class WALCheckpointer: Sendable {
    /// About SQLite's own 1,000 pages: an append writes 3 to 5.
    static let writesPerCheckpoint = 256
    /// The log the writer lets grow before it checkpoints itself: 10,000 pages (40 MB).
    static let maxLogFrames = 10_000

    private struct State {
        var writes = 0
        var running = false
        var writerShouldCheckpoint = false
    }

    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "flowhost.sqlite.checkpoints")
    private let state = Mutex(State())

    /// A connection of its own to the store's file at `path`, which is in WAL mode.
    init(path: String, configuration: Configuration) throws {
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Notes `count` committed writes, and starts a checkpoint when enough have been written since
    /// the last one started and none is running.
    func committed(_ count: Int) {
        let starts = state.withLock { state in
            state.writes += count
            guard state.writes >= Self.writesPerCheckpoint, !state.running else { return false }
            state.writes = 0
            state.running = true
            return true
        }
        if starts { queue.async { self.checkpoint() } }
    }

    /// Whether the log outgrew ``maxLogFrames``: true once, for the writer to checkpoint.
    func takeWriterCheckpoint() -> Bool {
        state.withLock { exchange(&$0.writerShouldCheckpoint, with: false) }
    }

    private func checkpoint() {
        // A failed checkpoint (the file busy, closing) leaves the pages in the log, where reads
        // find them: the next one copies them.
        let frames = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive).walFrameCount }
        state.withLock { state in
            state.running = false
            if let frames, frames > Self.maxLogFrames { state.writerShouldCheckpoint = true }
        }
    }

    /// Waits for a running checkpoint and closes the connection.
    func close() throws {
        try queue.sync { try connection.close() }
    }
}
