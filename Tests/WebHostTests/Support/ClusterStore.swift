import FlowHostApp
import Foundation
import HTMLPresenter
import ServiceLifecycle
import Synchronization

/// One ``MemoryClickPathStore`` seen by several server processes in one test: each
/// ``process()`` is a store of its own whose changes (appends, removals, comments) the other processes'
/// ``ClickPathStore/changes()`` report, as PostgreSQL's notifications do; and the whole store can
/// be made unreachable (``isDown``), as a database that went away, or lose the answer of its next
/// append (``losesNextAppendAnswer``), as PostgreSQL's statement that commits past the patience.
final class ClusterStore: Sendable {
    let shared = MemoryClickPathStore()
    /// While true, every call of every process throws ``ClickPathStoreError/unavailable(reason:)``.
    let isDown = Atomic(false)
    /// While true, the next append is stored and then throws ``ClickPathStoreError/unavailable(reason:)``
    /// (its caller was not answered in time); it sets this back to false.
    let losesNextAppendAnswer = Atomic(false)
    private let listeners = Mutex<[(process: Int, continuation: AsyncStream<ClickPathChange>.Continuation)]>([])
    private let processCount = Atomic(0)
    /// How many times a process read a session's path.
    let pathReads = Atomic(0)
    /// How many times a process read the comments.
    let commentReads = Atomic(0)

    /// The store as one more process sees it.
    func process() -> Process {
        Process(cluster: self, number: processCount.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    fileprivate func listen(from process: Int) -> AsyncStream<ClickPathChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClickPathChange.self)
        listeners.withLock { $0.append((process, continuation)) }
        return stream
    }

    fileprivate func notify(_ change: ClickPathChange, from process: Int) {
        for listener in listeners.withLock({ $0 }) where listener.process != process {
            listener.continuation.yield(change)
        }
    }

    func checkUp() throws {
        if isDown.load(ordering: .relaxed) { throw ClickPathStoreError.unavailable(reason: "the test took it down") }
    }

    /// One process's view of the cluster's store.
    struct Process: ClickPathStore {
        let cluster: ClusterStore
        let number: Int

        private var shared: MemoryClickPathStore { cluster.shared }

        func path(ofSession session: String) async throws -> ClickPath? {
            try cluster.checkUp()
            cluster.pathReads.add(1, ordering: .relaxed)
            return try await shared.path(ofSession: session)
        }

        func sessionPaths(usedSince since: Date?, limit: Int) async throws -> [ClickPath] {
            try cluster.checkUp()
            return try await shared.sessionPaths(usedSince: since, limit: limit)
        }

        func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
            try cluster.checkUp()
            try await shared.append(entries, toSession: session, at: start)
            cluster.notify(.init(session: session, kind: .appended(length: start + entries.count)), from: number)
            if cluster.losesNextAppendAnswer.exchange(false, ordering: .relaxed) {
                throw ClickPathStoreError.unavailable(reason: "the test lost the answer of a stored append")
            }
        }

        func startSession(_ session: String, fromShare id: String) async throws {
            try cluster.checkUp()
            try await shared.startSession(session, fromShare: id)
        }

        func removeSessions(_ sessions: [String]) async throws {
            try cluster.checkUp()
            try await shared.removeSessions(sessions)
            for session in sessions { cluster.notify(.init(session: session, kind: .removed), from: number) }
        }

        func removeSessions(usedBefore cutoff: Date, keeping: Set<String>) async throws -> Int {
            try cluster.checkUp()
            return try await shared.removeSessions(usedBefore: cutoff, keeping: keeping)
        }

        func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws {
            try cluster.checkUp()
            try await shared.share(path, id: id, bySession: session, expires: expires)
        }

        func share(id: String, askedBy session: String?) async throws -> SharedPath? {
            try cluster.checkUp()
            return try await shared.share(id: id, askedBy: session)
        }

        func revokeShare(id: String, bySession session: String) async throws -> Bool {
            try cluster.checkUp()
            return try await shared.revokeShare(id: id, bySession: session)
        }

        func removeExpiredShares() async throws -> Int {
            try cluster.checkUp()
            return try await shared.removeExpiredShares()
        }

        // MARK: Comments

        func addComment(_ comment: ScreenComment, bySession session: String) async throws {
            try cluster.checkUp()
            try await shared.addComment(comment, bySession: session)
            cluster.notify(.comments, from: number)
        }

        func comments(askedBy session: String?) async throws -> [ScreenComment] {
            try cluster.checkUp()
            cluster.commentReads.add(1, ordering: .relaxed)
            return try await shared.comments(askedBy: session)
        }

        func reply(_ reply: ScreenComment.Reply, toComment id: String) async throws -> Bool {
            try cluster.checkUp()
            let changed = try await shared.reply(reply, toComment: id)
            if changed { cluster.notify(.comments, from: number) }
            return changed
        }

        func resolveComment(id: String, resolved: Bool) async throws -> Bool {
            try cluster.checkUp()
            let changed = try await shared.resolveComment(id: id, resolved: resolved)
            if changed { cluster.notify(.comments, from: number) }
            return changed
        }

        func removeComment(id: String, bySession session: String?) async throws -> Bool {
            try cluster.checkUp()
            let changed = try await shared.removeComment(id: id, bySession: session)
            if changed { cluster.notify(.comments, from: number) }
            return changed
        }

        func markComments(_ reaches: [String: ScreenComment.Reach]) async throws {
            try cluster.checkUp()
            try await shared.markComments(reaches)
            cluster.notify(.comments, from: number)
        }

        func tokenKey() async throws -> [UInt8] {
            try cluster.checkUp()
            return try await shared.tokenKey()
        }

        func sessionDigest(of session: String) -> String { shared.sessionDigest(of: session) }

        func changes() async throws -> AsyncStream<ClickPathChange> { cluster.listen(from: number) }

        /// Nothing to hold: the shared store outlives every process, as a database does.
        func run() async throws {
            try? await gracefulShutdown()
        }
    }
}
