import FlowHostApp
import FlowHostPostgres
import FlowHostSQLite
import Foundation
import HTMLPresenter
import Synchronization
import Testing

/// The rules every click path store keeps (``ClickPathStore``), each one test run over every
/// store: this suite is their specification. A new store is one more case of ``Kind``.
// Serialized: SQLite files and writer threads, run all at once, slow the wall-clock checks of other suites.
@Suite("Click path stores", .serialized)
struct ClickPathStoreTests {
    /// The stores whose shared behaviour every parameterized test checks.
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case memory, sqlite, postgres

        var testDescription: String { rawValue }

        /// Runs `body` with a new empty store of this kind, running: a SQLite one in a new folder
        /// (removed afterwards), a PostgreSQL one in a new schema of the test server
        /// (``TestPostgres``).
        func withStore(
            maxSessions: Int = 100, maxEntriesPerSession: Int = 100, maxShares: Int = 100,
            maxTestersPerStudy: Int = 100, maxEventsPerTester: Int = 100,
            maxComments: Int = 100, maxRepliesPerComment: Int = 100, maxStudies: Int = 100,
            patience: Duration = .seconds(5), _ body: (any ClickPathStore) async throws -> Void
        ) async throws {
            var limits = ClickPathStoreLimits(
                maxSessions: maxSessions, maxEntriesPerSession: maxEntriesPerSession, maxShares: maxShares,
                maxTestersPerStudy: maxTestersPerStudy, maxEventsPerTester: maxEventsPerTester)
            limits.maxComments = maxComments
            limits.maxRepliesPerComment = maxRepliesPerComment
            limits.maxStudies = maxStudies
            switch self {
            case .memory:
                try await MemoryClickPathStore(limits: limits).whileRunning { try await body($0) }
            case .sqlite:
                let folder = FileManager.default.temporaryDirectory.appending(
                    path: "flowhost-store-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: folder) }
                let store = try SQLiteClickPathStore(
                    path: folder.appending(path: "store.sqlite").path, limits: limits, patience: patience,
                    environment: [:])
                try await store.whileRunning { try await body($0) }
            case .postgres:
                try await TestPostgres.store(limits: limits, patience: patience).whileRunning { try await body($0) }
            }
        }

        /// Runs `body` while another client of `store`'s file or database (another process) holds
        /// the lock its appends need.
        func whileLocked(_ store: any ClickPathStore, _ body: () async throws -> Void) async throws {
            switch self {
            case .memory:
                Issue.record("a memory store has no lock another process could hold")
            case .sqlite:
                let file = try #require(store as? SQLiteClickPathStore).file
                try await SQLiteLock.holding(file, body)
            case .postgres:
                let schema = try #require((store as? PostgresClickPathStore)?.schema)
                try await TestPostgres.holdingLock(on: "flowhost_sessions", schema: schema, body)
            }
        }
    }

    private static let list = ScreenPosition(layer: 0, path: [0], template: "movies/list")

    /// One entry of every kind, form values a JSON column must keep as they are, and a secret one.
    static let entries: [ClickPath.Entry] = [
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
    static let inAMonth = Date.now.addingTimeInterval(30 * 24 * 3600)

    // MARK: - Shared behaviour

    @Test("entries of every kind appended in steps read back in order", arguments: Kind.allCases)
    func roundTrip(kind: Kind) async throws {
        try await kind.withStore { store in
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
        try await kind.withStore { store in
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

    @Test(
        "an append that repeats the session's last one exactly succeeds and changes nothing; any other is refused",
        arguments: Kind.allCases)
    func retry(kind: Kind) async throws {
        try await kind.withStore { store in
            let stored = Array(Self.entries[0..<2])
            try await store.append(stored, toSession: "a", at: 0)
            try await store.append([.liveMove], toSession: "later", at: 0)

            // The second entry has a secret value: sealed again, its ciphertext differs, not its value.
            try await store.append(stored, toSession: "a", at: 0)
            try await store.append([Self.entries[1]], toSession: "a", at: 1)

            #expect(try await store.path(ofSession: "a") == ClickPath(stored))
            // Nothing changed, not even which session was used last.
            #expect(
                try await store.sessionPaths(usedSince: nil, limit: 2)
                    == [ClickPath([.liveMove]), ClickPath(stored.map(\.secretValuesLeftOut))])
            guard case .action(let position, let fields) = Self.entries[1] else {
                Issue.record("the second entry is an action with a secret field")
                return
            }
            let otherSecret = FormFields(
                fields.fields.map { $0.isSecret ? .init(name: $0.name, value: "another", isSecret: true) : $0 })
            let notRetries: [(entries: [ClickPath.Entry], start: Int)] = [
                ([.liveMove], 1),  // other entries
                ([.action(position, fields: otherSecret)], 1),  // another secret value
                ([Self.entries[0]], 0),  // the same entries, not up to the end
                ([], 1),  // nothing to repeat
            ]
            for (entries, start) in notRetries {
                await #expect(throws: ClickPathStoreError.startMismatch(session: "a", start: start, stored: 2)) {
                    try await store.append(entries, toSession: "a", at: start)
                }
            }
            #expect(try await store.path(ofSession: "a") == ClickPath(stored))

            // From a share: only the session's own entries are its appends to repeat.
            try await store.share(ClickPath([.liveMove]), id: "s", bySession: "a", expires: Self.inAMonth)
            try await store.startSession("b", fromShare: "s")
            await #expect(throws: ClickPathStoreError.startMismatch(session: "b", start: 0, stored: 1)) {
                try await store.append([.liveMove], toSession: "b", at: 0)
            }
            try await store.append([.deepLink("own")], toSession: "b", at: 1)
            try await store.append([.deepLink("own")], toSession: "b", at: 1)
            #expect(try await store.path(ofSession: "b") == ClickPath([.liveMove, .deepLink("own")]))
        }
    }

    @Test("removed sessions are gone with their entries; others stay", arguments: Kind.allCases)
    func removeSessions(kind: Kind) async throws {
        try await kind.withStore { store in
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
        try await kind.withStore { store in
            try await store.append(Self.entries, toSession: "old", at: 0)
            try await store.append(Self.entries, toSession: "live", at: 0)
            try await store.append(Self.entries, toSession: "kept", at: 0)
            try await Task.sleep(for: .milliseconds(10))
            let cutoff = Date.now
            try await store.append([], toSession: "live", at: Self.entries.count)  // marks it used now

            let removed = try await store.removeSessions(usedBefore: cutoff, keeping: ["kept"])

            #expect(removed == 1)
            #expect(try await store.path(ofSession: "old") == nil)
            #expect(try await store.path(ofSession: "live") == ClickPath(Self.entries))
            #expect(try await store.path(ofSession: "kept") == ClickPath(Self.entries))
            #expect(try await store.removeSessions(unusedFor: .zero, keeping: ["live", "kept"]) == 0)
        }
    }

    @Test(
        "idle removal compares last uses to the sub-second: before the cutoff goes, at or after it stays",
        arguments: Kind.allCases)
    func removeUnusedSessionsToTheSubSecond(kind: Kind) async throws {
        try await kind.withStore { store in
            let before = Date.now
            try await store.append([.liveMove], toSession: "a", at: 0)
            let after = Date.now

            #expect(try await store.removeSessions(usedBefore: before, keeping: []) == 0)
            // Unused for far less than 0.9 s: a store that dropped the sub-second part (0 s) removed it.
            #expect(try await store.removeSessions(unusedFor: .milliseconds(900), keeping: []) == 0)
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove]))
            #expect(try await store.removeSessions(usedBefore: after.addingTimeInterval(0.001), keeping: []) == 1)
            #expect(try await store.path(ofSession: "a") == nil)
        }
    }

    @Test(
        "an empty append and a start from a share mark a session used: the least recently used is another",
        arguments: Kind.allCases)
    func recency(kind: Kind) async throws {
        try await kind.withStore(maxSessions: 3) { store in
            try await store.share(ClickPath([.liveMove]), id: "s", bySession: "a", expires: Self.inAMonth)
            try await store.append([.liveMove], toSession: "a", at: 0)
            try await store.append([.liveMove], toSession: "b", at: 0)
            try await store.startSession("c", fromShare: "s")
            try await store.append([], toSession: "a", at: 1)  // a is used after b and c

            try await store.startSession("d", fromShare: "s")  // a new session: b goes
            #expect(try await store.path(ofSession: "b") == nil)
            try await store.append([], toSession: "e", at: 0)  // an empty new session counts: c goes

            #expect(try await store.path(ofSession: "c") == nil)
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove]))
            #expect(try await store.path(ofSession: "d") == ClickPath([.liveMove]))
            #expect(try await store.path(ofSession: "e") == ClickPath(), "an empty append stores an empty path")
            #expect(
                try await store.sessionPaths(usedSince: nil, limit: 10) == [
                    ClickPath(), ClickPath([.liveMove]), ClickPath([.liveMove]),
                ])
        }
    }

    @Test("past maxSessions, a new session removes the least recently used one", arguments: Kind.allCases)
    func leastRecentlyUsedBound(kind: Kind) async throws {
        try await kind.withStore(maxSessions: 2) { store in
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
        try await kind.withStore(maxEntriesPerSession: 3) { store in
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
        try await kind.withStore { store in
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
        try await kind.withStore(maxEntriesPerSession: 6) { store in
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
        try await kind.withStore { store in
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
        "the sessions' paths for the figures keep every entry: repeated ones, identical paths, two sessions from one share",
        arguments: Kind.allCases)
    func sessionPathsKeepDuplicates(kind: Kind) async throws {
        try await kind.withStore { store in
            let twice = Self.entries.flatMap { [$0, $0] }
            try await store.append(twice, toSession: "a", at: 0)
            try await store.append(twice, toSession: "b", at: 0)
            try await store.share(ClickPath(twice), id: "s", bySession: "a", expires: Self.inAMonth)
            try await store.startSession("c", fromShare: "s")
            try await store.startSession("d", fromShare: "s")
            try await store.append([.liveMove], toSession: "c", at: twice.count)

            let left = twice.map(\.secretValuesLeftOut)
            #expect(
                try await store.sessionPaths(usedSince: nil, limit: 10)
                    == [ClickPath(left + [.liveMove]), ClickPath(left), ClickPath(left), ClickPath(left)])
            #expect(try await store.path(ofSession: "b") == ClickPath(twice))
        }
    }

    @Test(
        "the sessions' paths for the figures: a session from a share has the shared entries, then its own; no secret value",
        arguments: Kind.allCases)
    func sessionPathsFromShareWithoutSecrets(kind: Kind) async throws {
        try await kind.withStore { store in
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
        try await kind.withStore { store in
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
        try await kind.withStore { store in
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
        try await kind.withStore { store in
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
        try await kind.withStore { store in
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
        try await kind.withStore(maxShares: 2) { store in
            try await store.share(ClickPath(), id: "1", bySession: "a", expires: Self.inAMonth)
            try await store.share(ClickPath(), id: "2", bySession: "a", expires: Self.inAMonth)

            await #expect(throws: ClickPathStoreError.tooManyShares(limit: 2)) {
                try await store.share(ClickPath(), id: "3", bySession: "a", expires: Self.inAMonth)
            }
            #expect(try await store.share(id: "3", askedBy: nil) == nil)
        }
    }

    @Test(
        "sharing again under an id replaces the share whole, and needs no room past maxShares; the new sharer may revoke it",
        arguments: Kind.allCases)
    func shareReplaced(kind: Kind) async throws {
        try await kind.withStore(maxShares: 1) { store in
            try await store.share(ClickPath([.liveMove]), id: "s", bySession: "a", expires: Self.inAMonth)
            #expect(try await store.revokeShare(id: "s", bySession: "a"))

            try await store.share(ClickPath([.deepLink("x")]), id: "s", bySession: "b", expires: Self.inAMonth)

            let share = try #require(try await store.share(id: "s", askedBy: "b"))
            #expect(share.path == ClickPath([.deepLink("x")]))
            #expect(share.status == .open, "no longer revoked")
            #expect(share.isSharer)
            #expect(try await store.revokeShare(id: "s", bySession: "a") == false)
            #expect(try await store.revokeShare(id: "s", bySession: "b"))
        }
    }

    @Test("the sweep removes a revoked share once it expired, and counts it", arguments: Kind.allCases)
    func sweepRevokedAndExpired(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.share(ClickPath([.liveMove]), id: "s", bySession: "a", expires: .now)
            #expect(try await store.revokeShare(id: "s", bySession: "a"))

            #expect(try await store.removeExpiredShares() == 1)
            #expect(try await store.share(id: "s", askedBy: "a") == nil)
            #expect(try await store.removeExpiredShares() == 0)
        }
    }

    @Test(
        "starting a session from a share replaces what the store held under its id",
        arguments: Kind.allCases)
    func startReplacesSession(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.share(ClickPath([.deepLink("shared")]), id: "s", bySession: "a", expires: Self.inAMonth)
            try await store.append([.liveMove, .liveMove], toSession: "b", at: 0)

            try await store.startSession("b", fromShare: "s")

            #expect(try await store.path(ofSession: "b") == ClickPath([.deepLink("shared")]))
            await #expect(throws: ClickPathStoreError.startMismatch(session: "b", start: 2, stored: 1)) {
                try await store.append([.liveMove], toSession: "b", at: 2)
            }
        }
    }

    @Test(
        "the token key is 32 bytes, the same on every read; session digests are stable and tell sessions apart",
        arguments: Kind.allCases)
    func tokenKeyAndDigests(kind: Kind) async throws {
        try await kind.withStore { store in
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
        try await kind.withStore { store in
            let changes = try await store.changes()
            try await store.append([.liveMove], toSession: "a", at: 0)
            try await store.removeSessions(["a"])
            var reported: [ClickPathChange] = []
            for await change in changes { reported.append(change) }
            #expect(reported.isEmpty)
        }
    }

    @Test(
        "while another process holds the store's lock past its patience, an append throws unavailable and stores nothing",
        arguments: [Kind.sqlite, .postgres])
    func unreachable(kind: Kind) async throws {
        let patience = Duration.milliseconds(500)
        try await kind.withStore(patience: patience) { store in
            try await store.append([.liveMove], toSession: "a", at: 0)

            try await kind.whileLocked(store) {
                let error = try await #require(throws: ClickPathStoreError.self) {
                    try await store.append([.deepLink("refused")], toSession: "a", at: 1)
                }
                guard case .unavailable = error else {
                    Issue.record("expected unavailable, got \(error)")
                    return
                }
                // Long enough for a statement still waiting on the lock to end, as it must, unstored.
                try await Task.sleep(for: patience * 2)
            }

            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove]), "nothing of it was stored")
            try await store.append([.deepLink("again")], toSession: "a", at: 1)
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove, .deepLink("again")]))
        }
    }

    @Test("a store that stopped running refuses every call as unavailable", arguments: [Kind.sqlite, .postgres])
    func stopped(kind: Kind) async throws {
        let stopped = Mutex<(any ClickPathStore)?>(nil)
        try await kind.withStore(patience: .seconds(1)) { store in
            try await store.append([.liveMove], toSession: "a", at: 0)
            stopped.withLock { $0 = store }
        }
        let store = try #require(stopped.withLock { $0 })

        for call in [
            { try await store.append([.liveMove], toSession: "a", at: 1) },
            { _ = try await store.path(ofSession: "a") },
            { try await store.share(ClickPath(), id: "s", bySession: "a", expires: Self.inAMonth) },
        ] as [@Sendable () async throws -> Void] {
            let error = try await #require(throws: ClickPathStoreError.self) { try await call() }
            guard case .unavailable = error else {
                Issue.record("expected unavailable, got \(error)")
                continue
            }
        }
    }

    @Test("a memory store serves before and after it runs: a test's next server uses it as a restart uses a file")
    func memoryOutlivesItsRun() async throws {
        let store = MemoryClickPathStore()
        try await store.append([.liveMove], toSession: "a", at: 0)
        try await store.whileRunning { try await $0.append([.liveMove], toSession: "a", at: 1) }
        try await store.whileRunning { try await $0.append([.liveMove], toSession: "a", at: 2) }
        #expect(try await store.path(ofSession: "a")?.entries.count == 3)
    }

    @Test("concurrent appends each succeed or fail alone", arguments: Kind.allCases)
    func concurrentAppends(kind: Kind) async throws {
        try await kind.withStore(maxEntriesPerSession: 3) { store in
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
                        try await store.append([.deepLink("another")], toSession: "full", at: 0)
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
            try await kind.withStore(maxSessions: sessions, maxEntriesPerSession: appends) { store in
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
}
