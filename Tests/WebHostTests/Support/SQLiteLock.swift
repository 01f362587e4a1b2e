import Foundation
import GRDB
import Synchronization

/// Another connection to a SQLite store's file holding its write lock, as another process in the
/// middle of a write would.
enum SQLiteLock {
    /// Runs `body` while another connection to `file` holds its write lock (`BEGIN IMMEDIATE`).
    ///
    /// The lock is taken and let go on a thread of its own: GRDB's calls block their thread, which
    /// must not be one of the cooperative pool's two.
    static func holding(_ file: String, _ body: () async throws -> Void) async throws {
        let queue = try DatabaseQueue(path: file)
        let release = DispatchSemaphore(value: 0)
        // Who waits for the thread: first for the lock taken, then (set before `release` is
        // signalled) for it let go.
        let waiting = Mutex<CheckedContinuation<Void, any Error>?>(nil)
        try await withCheckedThrowingContinuation { (locked: CheckedContinuation<Void, any Error>) in
            waiting.withLock { $0 = locked }
            Thread.detachNewThread {
                let result = Result {
                    try queue.writeWithoutTransaction { db in
                        try db.execute(sql: "BEGIN IMMEDIATE")
                        waiting.withLock { $0.take() }?.resume()
                        release.wait()
                        try db.execute(sql: "ROLLBACK")
                    }
                }
                waiting.withLock { $0.take() }?.resume(with: result)
            }
        }
        var failure: (any Error)?
        do {
            try await body()
        } catch {
            failure = error
        }
        try await withCheckedThrowingContinuation { (released: CheckedContinuation<Void, any Error>) in
            waiting.withLock { $0 = released }
            release.signal()
        }
        if let failure { throw failure }
    }
}
