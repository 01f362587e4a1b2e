import Dispatch
import GRDB
import Synchronization

/// Copies the store's write-ahead log into the database file on a connection and a thread of its
/// own, so that the writer waits for it only when the log reaches its bound.
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
/// A passive checkpoint copies the log up to where it ended when the checkpoint started, and
/// syncs the database file only when that was all of it; the log starts over (instead of
/// growing) only when a write begins with all of it copied and synced, which under a steady
/// stream of commits does not happen. So the writer, which learns the log's length at every
/// commit (``LogLength``), stops once it has passed ``maxLogFrames`` and no checkpoint is running
/// (``boundLog(frames:)``; none starts past the bound): this connection copies the rest while
/// nothing is written, with two `fsync`s, and the writer's next transaction starts the log over.
/// So the log passes its bound by at most what is written during one checkpoint (the writer waits
/// for that one at twice the bound), and every stop starts it over. (Before, the writer
/// checkpointed on its own connection once a background checkpoint had seen the log past the
/// bound: when one was running, its checkpoint did nothing and the log went on growing, to 58-141
/// MB in `Benchmarks/checkpoints`.) The log's file is cut back to the bound when it starts over
/// (`journal_size_limit`), in case it outgrew it while a reader kept it from starting over.
final class WALCheckpointer: Sendable {
    /// About SQLite's own 1,000 pages: an append writes 3 to 5.
    static let writesPerCheckpoint = 256
    /// The log the writer lets grow before it stops for a checkpoint: 10,000 pages (40 MB), about
    /// 11 s of 64 sessions' clicks; each stop holds every waiting append, so fewer stops keep the
    /// tail shorter.
    static let defaultMaxLogFrames = 10_000

    /// The number of pages the log may hold before the writer stops to start it over.
    let maxLogFrames: Int

    private struct State {
        var writes = 0
        var running = false
        /// The log's length at which the writer stops next: `maxLogFrames`, or more after a stop
        /// that could not start the log over (a reader still used it).
        var nextStop: Int
        /// The log's length the writer last reported: a shorter one says it started over.
        var lastFrames = 0
    }

    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "flowhost.sqlite.checkpoints")
    private let state: Mutex<State>

    /// A connection of its own to the store's file at `path`, which is in WAL mode; the writer
    /// stops for a checkpoint when the log passes `maxLogFrames` pages.
    init(path: String, configuration: Configuration, maxLogFrames: Int = defaultMaxLogFrames) throws {
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.maxLogFrames = maxLogFrames
        state = Mutex(State(nextStop: maxLogFrames))
    }

    /// Notes `count` committed writes, and starts a checkpoint when enough have been written since
    /// the last one started and none is running.
    func committed(_ count: Int) {
        let starts = state.withLock { state in
            state.writes += count
            // Past the bound, none starts: the writer stops as soon as the one running ends.
            guard state.writes >= Self.writesPerCheckpoint, !state.running, state.lastFrames <= state.nextStop
            else { return false }
            state.writes = 0
            state.running = true
            return true
        }
        if starts { queue.async { self.checkpoint() } }
    }

    /// Called by the writer between two transactions, the log `frames` pages long after its last
    /// commit: past the bound, once no checkpoint is running (waiting for one would make the stop
    /// as long as its `fsync`s), or at twice the bound in any case, copies all of the log into
    /// the file now, so that the writer's next transaction starts it over. Returns whether it did.
    func boundLog(frames: Int) -> Bool {
        guard stopIsDue(frames: frames) else { return false }
        stop(frames: frames)
        return true
    }

    /// Whether the writer, the log `frames` pages long after its last commit, must stop for
    /// ``stop(frames:)`` before its next transaction (``boundLog(frames:)`` says when); when it
    /// must, no other checkpoint starts until that stop. Takes a lock, never waits for the file:
    /// an append written on a task's own thread asks this, and hands the stop to the writer's
    /// queue.
    func stopIsDue(frames: Int) -> Bool {
        state.withLock { state in
            if frames < state.lastFrames { state.nextStop = maxLogFrames }
            state.lastFrames = frames
            guard frames > state.nextStop else { return false }
            guard state.running else {
                state.running = true
                return true
            }
            return frames > 2 * state.nextStop
        }
    }

    /// The stop that ``stopIsDue(frames:)`` found due, the log `frames` pages long: nothing is
    /// written meanwhile (the writer waits here), so this copies all of the log unless a reader
    /// still uses part of it. Blocks for the copy and its `fsync`s: call it on the writer's queue.
    func stop(frames: Int) {
        // On this queue, after the checkpoint running if any (no other starts while the writer
        // waits here).
        let copiedAll = queue.sync {
            let result = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            return result.map { $0.checkpointedFrameCount == $0.walFrameCount } ?? false
        }
        state.withLock { state in
            state.writes = 0
            state.running = false
            // Should a reader keep the log from starting over, stop again only an eighth later.
            state.nextStop = copiedAll ? maxLogFrames : frames + maxLogFrames / 8
        }
    }

    private func checkpoint() {
        // A failed checkpoint (the file busy, closing) leaves the pages in the log, where reads
        // find them: the next one copies them.
        _ = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        state.withLock { $0.running = false }
    }

    /// Waits for a running checkpoint and closes the connection.
    func close() throws {
        try queue.sync { try connection.close() }
    }
}
