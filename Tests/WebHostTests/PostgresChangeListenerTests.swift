import FlowHostApp
import FlowHostPostgres
import Foundation
import HTMLPresenter
import Logging
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Several processes on one PostgreSQL store: what one changes, the others hear (LISTEN/NOTIFY on a
/// connection of its own, which comes back when it is lost), and what they are told while the
/// database is down. Two stores on one schema stand for two processes.
@Suite("The PostgreSQL store's changes and outages", .serialized)
struct PostgresChangeListenerTests {
    /// The changes a stream has given so far, read by a task of its own (an AsyncStream ends when
    /// a task waiting on it is cancelled, so the test polls this instead of waiting on the stream).
    private final class Heard: Sendable {
        private let changes = Mutex<[ClickPathChange]>([])
        private let reading = Mutex<Task<Void, Never>?>(nil)

        init(_ stream: AsyncStream<ClickPathChange>) {
            let task = Task { [weak self] in
                for await change in stream { self?.changes.withLock { $0.append(change) } }
            }
            reading.withLock { $0 = task }
        }

        deinit { reading.withLock { $0?.cancel() } }

        /// What was heard so far.
        var all: [ClickPathChange] { changes.withLock { $0 } }

        /// What was heard so far of sessions (a listener that comes back says ``ClickPathChange/comments`` too).
        var sessionChanges: [ClickPathChange] { all.filter { $0.kind != .comments } }

        /// Whether `count` changes were heard within `deadline` (a deadline so that a lost
        /// notification fails the test instead of hanging it, not a measured time).
        func wait(for count: Int, within deadline: Duration = .seconds(10)) async -> Bool {
            let end = ContinuousClock.now + deadline
            while all.count < count, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(20)) }
            return all.count >= count
        }
    }

    @Test("another process's appends and removals reach the changes stream, each once; the store's own do not")
    func changesOfOthers() async throws {
        try await TestPostgres.withTwoStores { here, there in
            let heard = Heard(try await here.changes())

            try await here.append([.liveMove], toSession: "own", at: 0)
            try await there.append([.liveMove], toSession: "x", at: 0)
            try await there.append([.liveMove, .deepLink("a")], toSession: "x", at: 1)
            await #expect(throws: ClickPathStoreError.self) {
                try await there.append([.liveMove], toSession: "x", at: 1)
            }
            try await there.removeSessions(["x", "never-stored"])

            let x = here.sessionDigest(of: "x")
            #expect(await heard.wait(for: 3))
            try await Task.sleep(for: .milliseconds(200))  // room for a change that should not come
            #expect(
                heard.all == [
                    ClickPathChange(session: x, kind: .appended(length: 1)),
                    ClickPathChange(session: x, kind: .appended(length: 3)),
                    ClickPathChange(session: x, kind: .removed),
                ])
        }
    }

    @Test("another process's writes to the comments reach the changes stream as comments; the store's own do not")
    func commentChangesOfOthers() async throws {
        try await TestPostgres.withTwoStores { here, there in
            let heard = Heard(try await here.changes())
            let comment = ScreenComment(
                id: "c1", path: ClickPath([.liveMove]), screen: "lab/page", author: "Ada", text: "Hi", created: .now)
            try await here.addComment(
                ScreenComment(
                    id: "own", path: ClickPath(), screen: "lab/page", author: "Ada", text: "Mine", created: .now),
                bySession: "own")
            try await there.addComment(comment, bySession: "x")
            #expect(
                try await there.reply(ScreenComment.Reply(author: "Bo", text: "Yes", created: .now), toComment: "c1"))
            #expect(try await there.resolveComment(id: "c1", resolved: true))
            #expect(!(try await there.resolveComment(id: "gone", resolved: true)))
            try await there.markComments(["c1": .outdated(stoppedAt: "step 1")])
            #expect(try await there.removeComment(id: "c1", bySession: "x"))

            #expect(await heard.wait(for: 5))
            try await Task.sleep(for: .milliseconds(200))  // room for a change that should not come
            #expect(heard.all == Array(repeating: .comments, count: 5))
        }
    }

    @Test("the listening connection, ended by the server, comes back by itself and notifications resume")
    func listenerComesBack() async throws {
        let schema = TestPostgres.newSchema()
        let logs = RecordingLogHandler.Messages()
        let here = try await TestPostgres.store(
            schema: schema, logger: Logger(label: "store") { _ in RecordingLogHandler(messages: logs) })
        let there = try await TestPostgres.store(schema: schema)
        try await here.whileRunning { here in
            try await there.whileRunning { there in
                let heard = Heard(try await here.changes())
                _ = try await there.changes()  // its listening connection is in place too

                let ended = try await TestPostgres.query(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE application_name = '\(PostgresClickPathStore.listenerApplicationName)'
                        AND query LIKE '%flowhost_changes_\(schema)%'
                    """, schema: nil)
                #expect(ended.count == 2, "the listening connections of both stores were ended")

                // Appends until one is heard: those made before the store listens again are not replayed.
                var index = 0
                while index < 100, heard.sessionChanges.isEmpty {
                    try await there.append([.liveMove], toSession: "x", at: index)
                    _ = await heard.wait(for: 1, within: .milliseconds(200))
                    index += 1
                }
                let change = try #require(
                    heard.sessionChanges.first, "no notification after the listening connection was ended")
                #expect(change.session == here.sessionDigest(of: "x"))
                #expect(heard.all.contains(.comments), "comments written meanwhile are read again")
                let said = logs.all.map(\.message)
                #expect(said.filter { $0.contains("notifications were lost") }.count == 1, "\(said)")
                #expect(said.filter { $0.contains("notifications are back") }.count == 1, "\(said)")
            }
        }
    }

    /// On a cluster of its own: a backend stopped while it held one of the server's locks (reading
    /// another test's notification, say) would stop every NOTIFY of the cluster with it, and every
    /// other test's appends; and stopped only once idle, so that it holds none here either.
    @Test("a listening connection whose server went silent is replaced after a failed check; notifications resume")
    func silentListener() async throws {
        try await TestPostgres.withOwnCluster { location in
            let schema = TestPostgres.newSchema()
            let logs = RecordingLogHandler.Messages()
            try await TestPostgres.store(
                schema: schema, location: location, patience: .seconds(1), listenerCheck: .milliseconds(300),
                logger: Logger(label: "store") { _ in RecordingLogHandler(messages: logs) }
            ).whileRunning { here in
                let heard = Heard(try await here.changes())
                // Its server process stopped (SIGSTOP): the connection stays open and answers nothing,
                // as when a host crashes or a network drops.
                let pid = try #require(try await Self.idleListener(schema: schema, location: location))
                kill(pid, SIGSTOP)
                defer { kill(pid, SIGCONT) }

                try await TestPostgres.store(schema: schema, location: location).whileRunning { there in
                    var index = 0
                    while index < 100, heard.sessionChanges.isEmpty {
                        try await there.append([.liveMove], toSession: "x", at: index)
                        _ = await heard.wait(for: 1, within: .milliseconds(200))
                        index += 1
                    }
                }
                #expect(heard.sessionChanges.first?.session == here.sessionDigest(of: "x"), "notifications resumed")
                let said = logs.all.map(\.message)
                #expect(said.contains { $0.contains("did not answer a check") }, "\(said)")
                #expect(said.filter { $0.contains("notifications are back") }.count == 1, "\(said)")
            }
        }
    }

    /// The server process of the store's listening connection on `schema`, once it waits for its
    /// client (idle after its LISTEN); nil when there is none within 10 s.
    private static func idleListener(schema: String, location: PostgresStoreLocation) async throws -> Int32? {
        for _ in 0..<100 {
            let listeners = try await TestPostgres.query(
                """
                SELECT pid FROM pg_stat_activity
                WHERE application_name = '\(PostgresClickPathStore.listenerApplicationName)'
                    AND query LIKE '%flowhost_changes_\(schema)%' AND state = 'idle'
                """, schema: nil, location: location)
            if let pid = try listeners.first?.decode(Int32.self) { return pid }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    @Test("with the database stopped, calls throw unavailable (logged once); started again, the store goes on")
    func outage() async throws {
        try await TestPostgres.withOwnCluster { location in
            let logs = RecordingLogHandler.Messages()
            let store = try await TestPostgres.store(
                location: location, patience: .seconds(1),
                logger: Logger(label: "store") { _ in RecordingLogHandler(messages: logs) })
            let other = try await TestPostgres.store(schema: store.schema ?? "", location: location)
            try await store.whileRunning { store in
                try await other.whileRunning { other in
                    let heard = Heard(try await store.changes())
                    try await store.append([.liveMove], toSession: "a", at: 0)
                    let url = "postgres://\(location.user)@\(location.host):\(location.port)/\(location.database)"

                    try await TestPostgres.cluster("pause", url)
                    for _ in 0..<3 {
                        let error = try await #require(throws: ClickPathStoreError.self) {
                            try await store.append([.liveMove], toSession: "a", at: 1)
                        }
                        guard case .unavailable = error else {
                            Issue.record("expected unavailable, got \(error)")
                            return
                        }
                    }
                    await #expect(throws: ClickPathStoreError.self) { try await store.path(ofSession: "a") }
                    try await TestPostgres.cluster("resume", url)

                    // The pool connects again on its own schedule (a growing pause): retried, as a browser would.
                    // An attempt whose statement reached the just-started server but was not answered within
                    // the patience is answered `unavailable` and may still commit: the same append made again
                    // then succeeds and stores nothing twice (the store's rule of retries).
                    var stored = false
                    for _ in 0..<100 where !stored {
                        do {
                            try await store.append([.liveMove], toSession: "a", at: 1)
                            stored = true
                        } catch ClickPathStoreError.unavailable {
                            try await Task.sleep(for: .milliseconds(100))
                        }
                    }
                    #expect(stored, "appends work again once the database is back")
                    #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove, .liveMove]))
                    let said = logs.all.map(\.message)
                    #expect(said.filter { $0.contains("database cannot be reached") }.count == 1, "\(said)")
                    #expect(said.filter { $0.contains("answers again") }.count == 1, "\(said)")
                    // And the other process's changes are heard again.
                    var index = 0
                    while index < 100, heard.sessionChanges.isEmpty {
                        try await other.append([.liveMove], toSession: "b", at: index)
                        _ = await heard.wait(for: 1, within: .milliseconds(200))
                        index += 1
                    }
                    #expect(heard.sessionChanges.first?.session == store.sessionDigest(of: "b"))
                }
            }
        }
    }
}
