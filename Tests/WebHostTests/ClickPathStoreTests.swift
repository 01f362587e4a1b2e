import FlowHostApp
import FlowHostPostgres
import FlowHostSQLite
import Foundation
import GRDB
import HTMLPresenter
import Testing

// Serialized: SQLite files and writer threads, run all at once, slow the wall-clock checks of other suites.
@Suite("Click path stores", .serialized)
struct ClickPathStoreTests {
    /// The stores whose shared behaviour every parameterized test checks.
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case memory, sqlite, postgres

        var testDescription: String { rawValue }

        /// A new empty store of this kind, its file (if any) in `folder`; a PostgreSQL one in a new
        /// schema of the test server (``TestPostgres``).
        func store(
            in folder: URL, maxSessions: Int = 100, maxEntriesPerSession: Int = 100, maxShares: Int = 100
        ) async throws -> any ClickPathStore {
            switch self {
            case .memory:
                MemoryClickPathStore(
                    maxSessions: maxSessions, maxEntriesPerSession: maxEntriesPerSession, maxShares: maxShares)
            case .sqlite:
                try SQLiteClickPathStore(
                    path: folder.appending(path: "store.sqlite").path, maxSessions: maxSessions,
                    maxEntriesPerSession: maxEntriesPerSession, maxShares: maxShares, environment: [:])
            case .postgres:
                try await TestPostgres.store(
                    maxSessions: maxSessions, maxEntriesPerSession: maxEntriesPerSession, maxShares: maxShares)
            }
        }
    }

    private static let list = ScreenPosition(layer: 0, path: [0], template: "movies/list")

    /// One entry of every kind, form values a JSON column must keep as they are, and a secret one.
    private static let entries: [ClickPath.Entry] = [
        .action(ActionPosition(screen: list, index: 3), fields: FormFields()),
        .action(
            ActionPosition(screen: ScreenPosition(layer: 1, path: [], template: nil), index: 0),
            fields: FormFields([
                .init(name: "name", value: "Ada \"the first\" Lovelace, née Byron ✓"), .init(name: "tag", value: "a"),
                .init(name: "tag", value: "b"), .init(name: "password", value: Self.secret, isSecret: true),
            ])),
        .reveal(list),
        .deepLink("movies/42?sort=year"),
        .liveMove,
    ]
    /// A secret value, typed into a password field.
    private static let secret = "correct horse battery staple"
    private static let inAMonth = Date.now.addingTimeInterval(30 * 24 * 3600)

    /// Runs `body` with a new empty folder, removed afterwards.
    private func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    // MARK: - Shared behaviour

    @Test("entries of every kind appended in steps read back in order", arguments: Kind.allCases)
    func roundTrip(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.append(Array(Self.entries[0..<2]), toSession: "a", at: 0)
            try await store.append(Array(Self.entries[2...]), toSession: "a", at: 2)
            try await store.append([], toSession: "a", at: 5)
            try await store.append([.liveMove], toSession: "b", at: 0)

            #expect(try await store.path(ofSession: "a") == ClickPath(Self.entries))
            #expect(try await store.path(ofSession: "b") == ClickPath([.liveMove]))
            #expect(try await store.path(ofSession: "unknown") == nil)
        }
    }

    @Test(
        "an append that leaves a gap or overlaps the stored path is refused and changes nothing",
        arguments: Kind.allCases)
    func startMismatch(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.append(Array(Self.entries[0..<2]), toSession: "a", at: 0)

            await #expect(throws: ClickPathStoreError.startMismatch(session: "a", start: 3, stored: 2)) {
                try await store.append([.liveMove], toSession: "a", at: 3)
            }
            await #expect(throws: ClickPathStoreError.startMismatch(session: "a", start: 1, stored: 2)) {
                try await store.append([.liveMove], toSession: "a", at: 1)
            }
            await #expect(throws: ClickPathStoreError.startMismatch(session: "a", start: 0, stored: 2)) {
                try await store.append([.liveMove], toSession: "a", at: 0)
            }
            await #expect(throws: ClickPathStoreError.startMismatch(session: "gone", start: 4, stored: nil)) {
                try await store.append([.liveMove], toSession: "gone", at: 4)
            }
            #expect(try await store.path(ofSession: "a") == ClickPath(Array(Self.entries[0..<2])))
            #expect(try await store.path(ofSession: "gone") == nil)
        }
    }

    @Test("removed sessions are gone with their entries; others stay", arguments: Kind.allCases)
    func removeSessions(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.append(Self.entries, toSession: "a", at: 0)
            try await store.append(Self.entries, toSession: "b", at: 0)
            try await store.append(Self.entries, toSession: "c", at: 0)

            try await store.removeSessions(["a", "c", "never-stored"])

            #expect(try await store.path(ofSession: "a") == nil)
            #expect(try await store.path(ofSession: "c") == nil)
            #expect(try await store.path(ofSession: "b") == ClickPath(Self.entries))
            // A new session under the same id starts empty: no entry of the old one is left.
            try await store.append([.liveMove], toSession: "a", at: 0)
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove]))
        }
    }

    @Test(
        "sessions unused for the interval are removed, except those kept; a recent one stays", arguments: Kind.allCases)
    func removeUnusedSessions(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.append(Self.entries, toSession: "old", at: 0)
            try await store.append(Self.entries, toSession: "live", at: 0)
            try await store.append(Self.entries, toSession: "kept", at: 0)
            try await Task.sleep(for: .milliseconds(1100))
            try await store.append([], toSession: "live", at: Self.entries.count)  // marks it used now

            let removed = try await store.removeSessions(unusedFor: .seconds(1), keeping: ["kept"])

            #expect(removed == 1)
            #expect(try await store.path(ofSession: "old") == nil)
            #expect(try await store.path(ofSession: "live") == ClickPath(Self.entries))
            #expect(try await store.path(ofSession: "kept") == ClickPath(Self.entries))
            #expect(try await store.removeSessions(unusedFor: .zero, keeping: ["live", "kept"]) == 0)
        }
    }

    @Test("past maxSessions, a new session removes the least recently used one", arguments: Kind.allCases)
    func leastRecentlyUsedBound(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder, maxSessions: 2)
            try await store.append([.liveMove], toSession: "a", at: 0)
            try await store.append([.liveMove], toSession: "b", at: 0)
            try await store.append([.liveMove], toSession: "a", at: 1)  // a is used after b

            try await store.append([.liveMove], toSession: "c", at: 0)

            #expect(try await store.path(ofSession: "b") == nil)
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove, .liveMove]))
            #expect(try await store.path(ofSession: "c") == ClickPath([.liveMove]))
            // An append to the evicted session says so.
            await #expect(throws: ClickPathStoreError.startMismatch(session: "b", start: 1, stored: nil)) {
                try await store.append([.liveMove], toSession: "b", at: 1)
            }
        }
    }

    @Test("an append past maxEntriesPerSession is refused whole", arguments: Kind.allCases)
    func entriesBound(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder, maxEntriesPerSession: 3)
            try await store.append([.liveMove, .liveMove], toSession: "a", at: 0)

            await #expect(throws: ClickPathStoreError.pathTooLong(session: "a", limit: 3)) {
                try await store.append([.liveMove, .liveMove], toSession: "a", at: 2)
            }
            #expect(try await store.path(ofSession: "a")?.entries.count == 2)

            try await store.append([.deepLink("x")], toSession: "a", at: 2)
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove, .liveMove, .deepLink("x")]))
        }
    }

    @Test(
        "a shared path reads back under its id, open, until it expires; an unknown id gives nil",
        arguments: Kind.allCases)
    func shares(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.share(ClickPath(Self.entries), id: "s1", bySession: "a", expires: Self.inAMonth)
            try await store.share(ClickPath(), id: "empty", bySession: "a", expires: Self.inAMonth)

            let shared = try #require(try await store.share(id: "s1", askedBy: nil))
            #expect(shared.path == ClickPath(Self.entries))
            #expect(shared.status == .open)
            #expect(abs(shared.expires.timeIntervalSince(Self.inAMonth)) < 0.001)
            #expect(try await store.share(id: "empty", askedBy: nil)?.path == ClickPath())
            #expect(try await store.share(id: "nope", askedBy: nil) == nil)
            // Shares are not sessions: ending every session keeps them.
            try await store.removeSessions(["s1", "a"])
            #expect(try await store.share(id: "s1", askedBy: nil)?.path == ClickPath(Self.entries))
        }
    }

    @Test(
        "a session started from a share refers to it: its path is the shared one, then its own appends",
        arguments: Kind.allCases)
    func sessionFromShare(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder, maxEntriesPerSession: 6)
            try await store.share(ClickPath(Self.entries), id: "s", bySession: "sharer", expires: Self.inAMonth)

            try await store.startSession("b", fromShare: "s")

            #expect(try await store.path(ofSession: "b") == ClickPath(Self.entries))
            await #expect(throws: ClickPathStoreError.startMismatch(session: "b", start: 0, stored: 5)) {
                try await store.append([.liveMove], toSession: "b", at: 0)
            }
            try await store.append([.deepLink("x")], toSession: "b", at: 5)
            #expect(try await store.path(ofSession: "b") == ClickPath(Self.entries + [.deepLink("x")]))
            // The shared entries count towards the session's bound.
            await #expect(throws: ClickPathStoreError.pathTooLong(session: "b", limit: 6)) {
                try await store.append([.liveMove], toSession: "b", at: 6)
            }
            // Another session from the same share is independent of the first.
            try await store.startSession("c", fromShare: "s")
            #expect(try await store.path(ofSession: "c") == ClickPath(Self.entries))
        }
    }

    @Test(
        "the sessions' paths for the figures: the most recently used first, at most the limit, those used since a time",
        arguments: Kind.allCases)
    func sessionPaths(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.append([.deepLink("a")], toSession: "a", at: 0)
            try await store.append([.deepLink("b")], toSession: "b", at: 0)
            let beforeC = Date.now
            try await store.append([.deepLink("c")], toSession: "c", at: 0)
            // Used again: "a" becomes the most recently used.
            try await store.append([.liveMove], toSession: "a", at: 1)

            let a = ClickPath([.deepLink("a"), .liveMove])
            let (b, c) = (ClickPath([.deepLink("b")]), ClickPath([.deepLink("c")]))
            #expect(try await store.sessionPaths(usedSince: nil, limit: 10) == [a, c, b])
            #expect(try await store.sessionPaths(usedSince: nil, limit: 2) == [a, c])
            #expect(try await store.sessionPaths(usedSince: nil, limit: 0) == [])
            #expect(try await store.sessionPaths(usedSince: beforeC, limit: 10) == [a, c])
            #expect(try await store.sessionPaths(usedSince: .distantFuture, limit: 10) == [])
            try await store.removeSessions(["c"])
            #expect(try await store.sessionPaths(usedSince: nil, limit: 10) == [a, b])
        }
    }

    @Test(
        "the sessions' paths for the figures: a session from a share has the shared entries, then its own; no secret value",
        arguments: Kind.allCases)
    func sessionPathsFromShareWithoutSecrets(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.share(ClickPath(Self.entries), id: "s", bySession: "sharer", expires: Self.inAMonth)
            try await store.startSession("b", fromShare: "s")
            try await store.append([.deepLink("x")], toSession: "b", at: 5)
            try await store.append(Array(Self.entries[0..<2]), toSession: "own", at: 0)

            let paths = try await store.sessionPaths(usedSince: nil, limit: 10)

            let left = Self.entries.map(\.secretValuesLeftOut)
            #expect(paths == [ClickPath(Array(left[0..<2])), ClickPath(left + [.deepLink("x")])])
            // Only the secret value is left out: the fields' names and other values stay.
            #expect(
                left[1]
                    == .action(
                        ActionPosition(screen: ScreenPosition(layer: 1, path: [], template: nil), index: 0),
                        fields: FormFields([
                            .init(name: "name", value: "Ada \"the first\" Lovelace, née Byron ✓"),
                            .init(name: "tag", value: "a"), .init(name: "tag", value: "b"),
                            .init(name: "password", value: "", isSecret: true),
                        ])))
        }
    }

    @Test(
        "the sessions' paths for the figures: sessions that typed other secrets read back the same, keys in any order",
        arguments: Kind.allCases)
    func sessionPathsOfOtherSecrets(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            let form = ActionPosition(screen: Self.list, index: 1)
            func signIn(_ password: String) -> ClickPath.Entry {
                .action(
                    form,
                    fields: FormFields([
                        .init(name: "email", value: "ada@example.com"),
                        .init(name: "password", value: password, isSecret: true),
                        .init(name: "pin", value: "\(password) \"quoted\"/", isSecret: true),
                    ]))
            }
            try await store.append([signIn("one"), .liveMove], toSession: "a", at: 0)
            try await store.append([signIn("two"), .liveMove], toSession: "b", at: 0)

            let paths = try await store.sessionPaths(usedSince: nil, limit: 10)

            let left = ClickPath([signIn("").secretValuesLeftOut, .liveMove])
            #expect(paths == [left, left])
        }
    }

    @Test("no session starts from a share that is unknown, expired or revoked", arguments: Kind.allCases)
    func sessionFromClosedShare(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.share(ClickPath([.liveMove]), id: "old", bySession: "a", expires: .now)
            try await store.share(ClickPath([.liveMove]), id: "revoked", bySession: "a", expires: Self.inAMonth)
            #expect(try await store.revokeShare(id: "revoked", bySession: "a"))

            for id in ["old", "revoked", "unknown"] {
                await #expect(throws: ClickPathStoreError.shareNotOpen(share: id)) {
                    try await store.startSession("b", fromShare: id)
                }
            }
            #expect(try await store.path(ofSession: "b") == nil)
            #expect(try await store.share(id: "old", askedBy: nil)?.status == .expired)
            #expect(try await store.share(id: "revoked", askedBy: nil)?.status == .revoked)
        }
    }

    @Test(
        "only the session that shared a link can revoke it, and only it is told it is the sharer",
        arguments: Kind.allCases)
    func revoke(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            try await store.share(ClickPath([.liveMove]), id: "s", bySession: "sharer", expires: Self.inAMonth)

            #expect(try await store.share(id: "s", askedBy: "sharer")?.isSharer == true)
            #expect(try await store.share(id: "s", askedBy: "other")?.isSharer == false)
            #expect(try await store.share(id: "s", askedBy: nil)?.isSharer == false)
            #expect(try await store.revokeShare(id: "s", bySession: "other") == false)
            #expect(try await store.share(id: "s", askedBy: nil)?.status == .open)
            #expect(try await store.revokeShare(id: "unknown", bySession: "sharer") == false)

            #expect(try await store.revokeShare(id: "s", bySession: "sharer"))
            #expect(try await store.share(id: "s", askedBy: nil)?.status == .revoked)
        }
    }

    @Test(
        "the sweep removes expired shares no session refers to and forgets revoked ones' paths; referred ones stay",
        arguments: Kind.allCases)
    func sweepShares(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            let path = ClickPath(Self.entries)
            for id in ["expired", "expiring-in-use", "open", "revoked", "revoked-in-use"] {
                try await store.share(path, id: id, bySession: "a", expires: Self.inAMonth)
            }
            try await store.startSession("visitor", fromShare: "expiring-in-use")
            try await store.startSession("other-visitor", fromShare: "revoked-in-use")
            for id in ["revoked", "revoked-in-use"] { _ = try await store.revokeShare(id: id, bySession: "a") }
            // Two that expire now: shared again under their ids, which replaces them whole.
            try await store.share(path, id: "expired", bySession: "a", expires: .now)
            try await store.share(path, id: "expiring-in-use", bySession: "a", expires: .now)

            let removed = try await store.removeExpiredShares()

            #expect(removed == 1)
            #expect(try await store.share(id: "expired", askedBy: nil) == nil)
            #expect(try await store.share(id: "expiring-in-use", askedBy: nil)?.status == .expired)
            #expect(try await store.path(ofSession: "visitor") == path, "its visitor's session still replays it")
            #expect(try await store.share(id: "open", askedBy: nil)?.path == path)
            #expect(try await store.share(id: "revoked", askedBy: nil)?.path == ClickPath(), "its clicks are gone")
            #expect(try await store.share(id: "revoked", askedBy: nil)?.status == .revoked, "it still says so")
            #expect(try await store.path(ofSession: "other-visitor") == path)
            // Once its last visitor ends, a share goes with the next sweep.
            try await store.removeSessions(["visitor"])
            #expect(try await store.removeExpiredShares() == 1)
            #expect(try await store.share(id: "expiring-in-use", askedBy: nil) == nil)
        }
    }

    @Test("past maxShares, a new share is refused and nothing is stored", arguments: Kind.allCases)
    func sharesBound(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder, maxShares: 2)
            try await store.share(ClickPath(), id: "1", bySession: "a", expires: Self.inAMonth)
            try await store.share(ClickPath(), id: "2", bySession: "a", expires: Self.inAMonth)

            await #expect(throws: ClickPathStoreError.tooManyShares(limit: 2)) {
                try await store.share(ClickPath(), id: "3", bySession: "a", expires: Self.inAMonth)
            }
            #expect(try await store.share(id: "3", askedBy: nil) == nil)
        }
    }

    @Test(
        "the token key is 32 bytes, the same on every read; session digests are stable and tell sessions apart",
        arguments: Kind.allCases)
    func tokenKeyAndDigests(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            let key = try await store.tokenKey()
            #expect(key.count == 32)
            #expect(try await store.tokenKey() == key)
            #expect(store.sessionDigest(of: "a") == store.sessionDigest(of: "a"))
            #expect(store.sessionDigest(of: "a") != store.sessionDigest(of: "b"))
        }
    }

    @Test(
        "a store one process writes reports no changes: its stream ends at once",
        arguments: [Kind.memory, .sqlite])
    func noChangesFromOthers(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder)
            let changes = store.changes()
            try await store.append([.liveMove], toSession: "a", at: 0)
            try await store.removeSessions(["a"])
            var reported: [ClickPathChange] = []
            for await change in changes { reported.append(change) }
            #expect(reported.isEmpty)
        }
    }

    @Test("concurrent appends each succeed or fail alone", arguments: Kind.allCases)
    func concurrentAppends(kind: Kind) async throws {
        try await withFolder { folder in
            let store = try await kind.store(in: folder, maxEntriesPerSession: 3)
            try await store.append([.liveMove], toSession: "full", at: 0)

            // Sessions 0..<32 append two entries; "full" is refused, overlapping and too long.
            let refused = try await withThrowingTaskGroup(of: Bool.self) { group in
                for session in 0..<32 {
                    group.addTask {
                        try await store.append([.deepLink("\(session)")], toSession: "s\(session)", at: 0)
                        try await store.append([.liveMove], toSession: "s\(session)", at: 1)
                        return false
                    }
                }
                group.addTask {
                    await #expect(throws: ClickPathStoreError.startMismatch(session: "full", start: 0, stored: 1)) {
                        try await store.append([.liveMove], toSession: "full", at: 0)
                    }
                    await #expect(throws: ClickPathStoreError.pathTooLong(session: "full", limit: 3)) {
                        try await store.append([.liveMove, .liveMove, .liveMove], toSession: "full", at: 1)
                    }
                    return true
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }

            #expect(refused == 1)
            for session in 0..<32 {
                #expect(
                    try await store.path(ofSession: "s\(session)") == ClickPath([.deepLink("\(session)"), .liveMove]))
            }
            #expect(try await store.path(ofSession: "full") == ClickPath([.liveMove]))
        }
    }

    // MARK: - Figures

    /// Not a timed test: prints appends per second of each store, measured in one run, when
    /// `FLOWHOST_STORE_FIGURES=1` (`FLOWHOST_STORE_FIGURES=1 swift test --filter appendRate`).
    @Test(
        "appends per second, 64 sessions appending one entry at a time",
        .enabled(if: ProcessInfo.processInfo.environment["FLOWHOST_STORE_FIGURES"] == "1"))
    func appendRate() async throws {
        let (sessions, appends) = (64, 200)
        for kind in Kind.allCases {
            try await withFolder { folder in
                let store = try await kind.store(in: folder, maxSessions: sessions, maxEntriesPerSession: appends)
                let clock = ContinuousClock()
                let elapsed = try await clock.measure {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for session in 0..<sessions {
                            group.addTask {
                                for index in 0..<appends {
                                    try await store.append(
                                        [
                                            .action(
                                                ActionPosition(screen: Self.list, index: index % 7),
                                                fields: FormFields())
                                        ],
                                        toSession: "session-\(session)", at: index)
                                }
                            }
                        }
                        try await group.waitForAll()
                    }
                }
                // The work was done: every session has all its entries.
                for session in 0..<sessions {
                    #expect(try await store.path(ofSession: "session-\(session)")?.entries.count == appends)
                }
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let rate = Double(sessions * appends) / seconds
                print("\(kind.rawValue): \(sessions * appends) appends in \(elapsed), \(Int(rate)) appends/s")
            }
        }
    }

    // MARK: - The SQLite file

    @Test("paths and shares survive closing and reopening the file")
    func survivesReopening() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "store.sqlite").path
            let first = try SQLiteClickPathStore(path: path)
            try await first.append(Self.entries, toSession: "a", at: 0)
            try await first.share(
                ClickPath([.deepLink("movies/1")]), id: "s", bySession: "a", expires: Self.inAMonth)
            try first.close()

            let second = try SQLiteClickPathStore(path: path)
            #expect(try await second.path(ofSession: "a") == ClickPath(Self.entries))
            #expect(try await second.share(id: "s", askedBy: "a")?.path == ClickPath([.deepLink("movies/1")]))
            try await second.append([.liveMove], toSession: "a", at: Self.entries.count)
            #expect(try await second.path(ofSession: "a")?.entries.count == Self.entries.count + 1)
        }
    }

    @Test("committed appends are in the file while the writer is still open, as after a kill -9")
    func survivesWithoutClosing() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "store.sqlite").path
            let first = try SQLiteClickPathStore(path: path)
            try await first.append(Array(Self.entries[0..<3]), toSession: "a", at: 0)
            try await first.append(Array(Self.entries[3...]), toSession: "a", at: 3)

            let second = try SQLiteClickPathStore(path: path)
            #expect(try await second.path(ofSession: "a") == ClickPath(Self.entries))
            // Either instance goes on where the file ends.
            try await second.append([.liveMove], toSession: "a", at: Self.entries.count)
            await #expect(throws: ClickPathStoreError.startMismatch(session: "a", start: 5, stored: 6)) {
                try await first.append([.liveMove], toSession: "a", at: 5)
            }
            withExtendedLifetime(first) {}
        }
    }

    @Test("two instances on one file sign tokens with one key, and its digest is the SHA-256 the file keeps")
    func sharedTokenKey() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "store.sqlite").path
            let first = try SQLiteClickPathStore(path: path)
            let second = try SQLiteClickPathStore(path: path)
            #expect(try await first.tokenKey() == second.tokenKey())
            let other = try SQLiteClickPathStore(path: folder.appending(path: "other.sqlite").path)
            #expect(try await other.tokenKey() != first.tokenKey())
            // The token key is derived, not the store key itself (which seals secret values).
            let storeKey = try String(contentsOfFile: path + ".key", encoding: .utf8)
            #expect(Data(try await first.tokenKey()).base64EncodedString() + "\n" != storeKey)
            #expect(
                first.sessionDigest(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        }
    }

    @Test("a memory store's token key is its own: another store in the process has another")
    func memoryTokenKey() async throws {
        #expect(try await MemoryClickPathStore().tokenKey() != MemoryClickPathStore().tokenKey())
    }

    @Test("the file is in WAL mode with synchronous=NORMAL, and its folder is created")
    func walMode() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: ".flowhost/nested/flowhost.sqlite").path
            let store = try SQLiteClickPathStore(path: path)
            try await store.append([.liveMove], toSession: "a", at: 0)

            #expect(try await store.journalMode() == "wal")
            #expect(try await store.synchronousSetting() == 1)
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("a file that is not a database gives an error naming the file and what to do")
    func garbageFile() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "flowhost.sqlite").path
            let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try garbage.write(to: URL(fileURLWithPath: path))

            let error = try #require(throws: ClickPathStoreError.self) { try SQLiteClickPathStore(path: path) }
            guard case .notAStore(let file, _) = error else {
                Issue.record("expected notAStore, got \(error)")
                return
            }
            #expect(file == path)
            #expect(error.description.hasPrefix("\(path) is not a FlowHost store (file is not a database)"))
            #expect(error.description.contains("--store memory"))
            // Refusing it left the file as it was.
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        }
    }

    @Test("opening with openMovingAside renames a file that is not a database and starts empty")
    func movesGarbageAside() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "flowhost.sqlite").path
            let garbage = Data(repeating: 0xAB, count: 8192)
            try garbage.write(to: URL(fileURLWithPath: path))

            let (store, movedAside) = try SQLiteClickPathStore.openMovingAside(path: path)

            let moved = try #require(movedAside)
            #expect(moved.movedTo.hasPrefix("\(path).corrupt-"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: moved.movedTo)) == garbage)
            #expect(moved.error.description.contains("not a database"))
            #expect(try await store.path(ofSession: "a") == nil)
            try await store.append([.liveMove], toSession: "a", at: 0)
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove]))
            // A good store opens as it is.
            try store.close()
            #expect(try SQLiteClickPathStore.openMovingAside(path: path).movedAside == nil)
        }
    }

    @Test("another program's database is refused, not written to")
    func foreignDatabase() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "other.sqlite").path
            try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER)") }

            #expect(
                throws: ClickPathStoreError.notAStore(
                    file: path, reason: "a database of another program, with tables invoices")
            ) {
                try SQLiteClickPathStore(path: path)
            }
        }
    }

    @Test("a path that cannot be opened (a folder) is an unreadable error, not a crash")
    func unreadable() async throws {
        try await withFolder { folder in
            let path = folder.appending(path: "a-folder").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)

            let error = try #require(throws: ClickPathStoreError.self) { try SQLiteClickPathStore(path: path) }
            guard case .unreadable(let file, _) = error else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
            #expect(file == path)
            #expect(throws: ClickPathStoreError.self) { try SQLiteClickPathStore.openMovingAside(path: path) }
        }
    }
}
