import FlowHostApp
import FlowHostAtRest
import Foundation
import GRDB
import HTMLPresenter
import Synchronization

/// Appends, group-committed: the one write of every click, so the one to keep fast.
extension SQLiteClickPathStore {
    /// Bounds how long one transaction holds the file's write lock.
    private static let maxAppendsPerTransaction = 256

    /// An append, encoded, waiting for its transaction.
    struct PendingAppend: Sendable {
        /// The session id, for errors; the store keeps `key`, its digest.
        let session: String
        let key: String
        let start: Int
        /// The entries, which an exact retry is compared with.
        let entries: [ClickPath.Entry]
        let rows: [String]
        let now: Double
    }

    /// An append waiting for its transaction, and its caller.
    typealias Waiting = (append: PendingAppend, continuation: CheckedContinuation<Void, any Error>)

    /// The appends waiting, oldest first, and who writes them.
    struct AppendQueue {
        var waiting: [Waiting] = []
        /// Whether a leader or the writer queue is writing: an append that finds one waits for it.
        var writing = false
        /// Whether an append that finds none writing writes itself (a leader); false after a slow
        /// transaction, until the writer queue writes one in time (``LeaderBounds``).
        var leads = true
    }

    /// What a leader does after a transaction.
    private enum NextStep {
        case write([Waiting])
        case handOff(stoppingFor: Int?)
        case done
    }

    /// Appends `entries` at `start`, which must be the number of entries stored (0 creates the
    /// session); throws `ClickPathStoreError` and stores nothing otherwise, or past the bound.
    /// Appends that arrive while a transaction is written go in the next one together, each
    /// checked before it writes: one append's refusal undoes none of the others.
    ///
    /// An append that finds no transaction being written leads: it lets the jobs already queued
    /// on Swift's cooperative pool run first (one `Task.yield()`), so that the appends their
    /// clicks make queue behind it, then writes its own and those in one transaction on its own
    /// thread and resumes their callers; then the appends that queued meanwhile, within
    /// `LeaderBounds`. Past those bounds, and for a stop that bounds the log, the writer's
    /// dispatch queue writes the rest. So a lone click costs no thread hop and no wake-up, and
    /// under load the transactions are larger than before and written by a thread already
    /// running. (Before, every transaction was written on the writer's queue: its thread was
    /// woken for each and, under 64 sessions' clicks, waited 3.6-10 ms for a core. Before that,
    /// by the first of its appends' callers, which then hopped to the database's own writer
    /// queue.) Either way the caller hears of its append once it is committed: a click answered
    /// is a click stored.
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        let rows = try entries.map(sealed.text(of:))
        let append = PendingAppend(
            session: session, key: IdentifierDigest.of(session), start: start, entries: entries, rows: rows,
            now: Date.now.timeIntervalSince1970)
        let leads = appendQueue.withLock { queue in
            guard !queue.writing, queue.leads else { return false }
            queue.writing = true
            return true
        }
        if leads {
            // The jobs queued on the cooperative pool run first: under load, the appends their
            // clicks make join this transaction (a transaction costs SQLite a dozen system calls
            // and a page of log for each table it changes, however many appends it holds): 13
            // appends a transaction at 64 sessions, against 8 when the writer's wake-up gathered
            // them. Idle, this returns at once.
            await Task.yield()
            if let failure = lead(append) { throw failure }
            return
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let startsWriter = appendQueue.withLock { queue in
                queue.waiting.append((append, continuation))
                return !exchange(&queue.writing, with: true)
            }
            // The leader finished meanwhile, or appends do not lead now: the writer queue writes.
            if startsWriter { writer.async { self.writeOnWriterQueue() } }
        }
    }

    /// Writes `own` and the appends that queued behind it in a transaction on this thread and
    /// resumes their callers, then, as long as appends queued meanwhile
    /// and ``LeaderBounds/budget`` allows, writes those in one transaction after the other and
    /// resumes their callers; returns what `own` failed with. A transaction slower than
    /// ``LeaderBounds/slowTransaction`` ends leading, and so does a log past its bound: the
    /// writer queue then writes what waits, stopping for the log first.
    private func lead(_ own: PendingAppend) -> (any Error)? {
        let clock = ContinuousClock()
        let started = clock.now
        let followers = appendQueue.withLock { queue in
            Self.takeBatch(from: &queue, upTo: Self.maxAppendsPerTransaction - 1)
        }
        let failures = write([own] + followers.map(\.append))
        resume(followers, failures: Array(failures.dropFirst()))
        var (written, transactionStarted) = (1 + followers.count, started)
        while true {
            let now = clock.now
            let isSlow = now - transactionStarted > leaderBounds.slowTransaction
            let frames = logLength.current
            let stops = checkpointer.map { $0.stopIsDue(frames: frames) } ?? false
            if !stops { checkpointer?.committed(written) }
            let next = appendQueue.withLock { queue -> NextStep in
                if isSlow { queue.leads = false }
                if stops { return .handOff(stoppingFor: frames) }
                if queue.waiting.isEmpty {
                    queue.writing = false
                    return .done
                }
                guard !isSlow, now - started < leaderBounds.budget else { return .handOff(stoppingFor: nil) }
                return .write(Self.takeBatch(from: &queue))
            }
            switch next {
            case .done: return failures[0]
            case .handOff(let frames):
                writer.async { self.writeOnWriterQueue(stoppingFor: frames) }
                return failures[0]
            case .write(let batch):
                transactionStarted = now
                resume(batch, failures: write(batch.map(\.append)))
                written = batch.count
            }
        }
    }

    /// Writes the waiting appends on the writer queue, at most `maxAppendsPerTransaction` a
    /// transaction, until none waits; first the stop for a log `frames` pages long, when a leader
    /// found one due. Its transactions also tell whether appends may lead again.
    private func writeOnWriterQueue(stoppingFor frames: Int? = nil) {
        if let frames { checkpointer?.stop(frames: frames) }
        let clock = ContinuousClock()
        var isFast: Bool?
        while true {
            let batch = appendQueue.withLock { queue in
                if let isFast { queue.leads = isFast }
                let batch = Self.takeBatch(from: &queue)
                if batch.isEmpty { queue.writing = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            let started = clock.now
            let failures = write(batch.map(\.append))
            isFast = clock.now - started <= leaderBounds.slowTransaction
            resume(batch, failures: failures)
            // Past its bound, the log is copied now, before the next transaction, which starts it
            // over; the appends just committed are answered already.
            if let checkpointer, !checkpointer.boundLog(frames: logLength.current) {
                checkpointer.committed(batch.count)
            }
        }
    }

    /// The oldest waiting appends, at most `count`, taken off the queue.
    private static func takeBatch(from queue: inout AppendQueue, upTo count: Int = maxAppendsPerTransaction)
        -> [Waiting]
    {
        let batch = Array(queue.waiting.prefix(count))
        queue.waiting.removeFirst(batch.count)
        return batch
    }

    /// Tells each caller of `batch` what its append failed with, or that it is stored.
    private func resume(_ batch: [Waiting], failures: [(any Error)?]) {
        for ((_, continuation), failure) in zip(batch, failures) {
            if let failure { continuation.resume(throwing: failure) } else { continuation.resume() }
        }
    }

    /// Writes `appends` in one transaction; what each one failed with. An append that breaks a
    /// rule throws before it writes anything, so it needs no savepoint to be undone (two
    /// statements fewer an append, each parsed anew); an error of the file fails them all.
    private func write(_ appends: [PendingAppend]) -> [(any Error)?] {
        let (limits, sealed) = (self.limits, self.sealed)
        do {
            return try database.writeWithoutTransaction { db in
                let statements = try AppendStatements(db)
                return try statements.inTransaction {
                    var recency = try statements.mostRecent()
                    return try appends.map { append -> (any Error)? in
                        do {
                            try Self.write(
                                append, limits: limits, sealed: sealed, with: statements, recency: &recency, in: db)
                            return nil
                        } catch let error as ClickPathStoreError {
                            return error
                        }
                    }
                }
            }
        } catch let error as DatabaseError where isUnreachable(error) {
            // The transaction itself failed (the file locked, closed or failing): none of its
            // appends is stored.
            return Array(repeating: unavailable(error), count: appends.count)
        } catch {
            return Array(repeating: error, count: appends.count)
        }
    }

    /// One append, checked against what is stored; throws ``ClickPathStoreError`` before writing,
    /// and nothing else of its own: every other failure is the file's. Its session becomes the
    /// most recently used: `recency`, the highest given out, goes up by one. An exact repeat of the
    /// session's last append writes nothing (`ClickPathStoreLimits/isRetry(of:storedTail:)`).
    private static func write(
        _ append: PendingAppend, limits: ClickPathStoreLimits, sealed: SealedClickPaths,
        with statements: AppendStatements, recency: inout Int64, in db: Database
    ) throws {
        let (key, start, rows) = (append.key, append.start, append.rows)
        let stored = try statements.session(key)
        if let refusal = limits.refusal(
            appending: rows.count, toSession: append.session, at: start, stored: stored?.entryCount)
        {
            if ClickPathStoreLimits.mayBeRetry(appending: rows.count, at: start, stored: stored?.entryCount) {
                // Positions count the shared entries, so the tail holds the session's own only.
                let tail = try String.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT entry FROM entries WHERE session = ? AND position >= ? ORDER BY position"),
                    arguments: [key, start])
                // An entry that does not decode is no repeat of these.
                if let tail = try? tail.map(sealed.entry),
                    ClickPathStoreLimits.isRetry(of: append.entries, storedTail: tail)
                {
                    return
                }
            }
            throw refusal
        }
        recency += 1
        if let stored {
            try statements.updateSession(
                at: stored.row, entryCount: start + rows.count, lastUsed: append.now, recency: recency)
        } else {
            try statements.insertSession(key, entryCount: start + rows.count, lastUsed: append.now, recency: recency)
        }
        for (offset, row) in rows.enumerated() {
            try statements.insertEntry(row, ofSession: key, at: start + offset)
        }
        if stored == nil { try removeLeastRecentlyUsed(keeping: limits.maxSessions, in: db) }
    }

    /// Removes the least recently used sessions beyond `maxSessions`; entries go with their
    /// session (ON DELETE CASCADE).
    static func removeLeastRecentlyUsed(keeping maxSessions: Int, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                DELETE FROM sessions WHERE id IN (
                    SELECT id FROM sessions ORDER BY recency
                    LIMIT MAX(0, (SELECT COUNT(*) FROM sessions) - ?))
                """
        ).execute(arguments: [maxSessions])
    }
}
