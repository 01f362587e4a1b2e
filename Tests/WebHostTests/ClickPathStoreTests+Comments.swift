import FlowHostApp
import FlowHostPostgres
import FlowHostSQLite
import Foundation
import HTMLPresenter
import Testing

/// The rules of comments every store keeps (``ClickPathStore``'s Comments section), each over
/// every store.
extension ClickPathStoreTests {
    /// A comment on the list, pinned to a point over an action, by Ada; `path` holds a secret value,
    /// which every store must give back as it was.
    static func comment(
        _ id: String, text: String = "This button should say Save", author: String = "Ada", at seconds: Double = 0
    ) -> ScreenComment {
        ScreenComment(
            id: id, path: ClickPath(Array(entries[0..<2])), screen: "movies/list in tab Movies › navigation",
            point: ScreenComment.Point(x: 0.25, y: 0.5), actionLabel: "Rate", author: author, text: text,
            created: Date(timeIntervalSince1970: 1_800_000_000 + seconds))
    }

    @Test(
        "comments read back whole, the oldest first, authored only for their author's session", arguments: Kind.allCases
    )
    func commentsRoundTrip(kind: Kind) async throws {
        try await kind.withStore { store in
            let first = Self.comment("c1", text: "<script>alert(1)</script> & \"quotes\"\nsecond line ✓")
            var second = Self.comment("c2", author: "Grace", at: 1)
            second.point = nil
            second.actionLabel = nil
            try await store.addComment(first, bySession: "writer")
            try await store.addComment(second, bySession: "other")

            let read = try await store.comments(askedBy: "writer")
            var expected = first
            expected.isAuthor = true
            #expect(read == [expected, second])
            #expect(try await store.comments(askedBy: nil).map(\.isAuthor) == [false, false])
        }
    }

    @Test(
        "a comment or reply without a name or text, or past its bounds, or off the screen is refused; nothing is stored",
        arguments: Kind.allCases)
    func commentRefused(kind: Kind) async throws {
        try await kind.withStore { store in
            var offScreen = Self.comment("c5")
            offScreen.point = ScreenComment.Point(x: 1.5, y: 0.5)
            let refused: [(ScreenComment, String)] = [
                (Self.comment("c1", author: " "), "Give your name, so that others know who wrote this."),
                (
                    Self.comment("c2", author: String(repeating: "é", count: 81)),
                    "A name has at most 80 characters; this one has 81."
                ),
                (Self.comment("c3", author: "Ada\nLovelace"), "A name is one line."),
                (Self.comment("c4", text: " \n "), "Write something: the comment is empty."),
                (offScreen, "A comment is pinned to a point of the screen."),
                (
                    Self.comment("c6", text: String(repeating: "👍", count: 2001)),
                    "A comment has at most 2000 characters; this one has 2001."
                ),
            ]
            for (comment, reason) in refused {
                await #expect(throws: ClickPathStoreError.commentRefused(reason: reason)) {
                    try await store.addComment(comment, bySession: "s")
                }
            }
            // The bounds themselves are allowed.
            try await store.addComment(
                Self.comment(
                    "ok", text: String(repeating: "👍", count: 2000), author: String(repeating: "é", count: 80)),
                bySession: "s")
            await #expect(throws: ClickPathStoreError.commentRefused(reason: "Write something: the comment is empty."))
            {
                _ = try await store.reply(.init(author: "Grace", text: "", created: .now), toComment: "ok")
            }
            #expect(try await store.comments(askedBy: nil).map(\.id) == ["ok"])
            #expect(try await store.comments(askedBy: nil).first?.replies == [])
        }
    }

    @Test(
        "past maxComments, a new comment is refused and nothing is stored; a deletion makes room",
        arguments: Kind.allCases)
    func commentsBound(kind: Kind) async throws {
        try await kind.withStore(maxComments: 2) { store in
            try await store.addComment(Self.comment("c1"), bySession: "s")
            try await store.addComment(Self.comment("c2"), bySession: "s")

            await #expect(throws: ClickPathStoreError.tooManyComments(limit: 2)) {
                try await store.addComment(Self.comment("c3"), bySession: "s")
            }
            #expect(try await store.comments(askedBy: nil).map(\.id) == ["c1", "c2"])
            #expect(try await store.removeComment(id: "c1", bySession: "s"))
            try await store.addComment(Self.comment("c3"), bySession: "s")
            #expect(try await store.comments(askedBy: nil).map(\.id) == ["c2", "c3"])
        }
    }

    @Test("replies thread under their comment in order, up to maxRepliesPerComment", arguments: Kind.allCases)
    func replies(kind: Kind) async throws {
        try await kind.withStore(maxRepliesPerComment: 2) { store in
            try await store.addComment(Self.comment("c1"), bySession: "s")
            try await store.addComment(Self.comment("c2"), bySession: "s")
            let first = ScreenComment.Reply(
                author: "Grace", text: "Agreed <b>", created: Date(timeIntervalSince1970: 1))
            let second = ScreenComment.Reply(author: "Ada", text: "Done", created: Date(timeIntervalSince1970: 2))

            #expect(try await store.reply(first, toComment: "c1"))
            #expect(try await store.reply(second, toComment: "c1"))
            await #expect(throws: ClickPathStoreError.tooManyReplies(comment: "c1", limit: 2)) {
                _ = try await store.reply(first, toComment: "c1")
            }
            #expect(try await !store.reply(first, toComment: "unknown"))

            let comments = try await store.comments(askedBy: nil)
            #expect(comments.map(\.replies) == [[first, second], []])
        }
    }

    @Test("a thread is resolved and reopened; an unknown one is not", arguments: Kind.allCases)
    func resolve(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.addComment(Self.comment("c1"), bySession: "s")

            #expect(try await store.resolveComment(id: "c1", resolved: true))
            #expect(try await store.comments(askedBy: nil).map(\.isResolved) == [true])
            #expect(try await store.resolveComment(id: "c1", resolved: false))
            #expect(try await store.comments(askedBy: nil).map(\.isResolved) == [false])
            #expect(try await !store.resolveComment(id: "unknown", resolved: true))
        }
    }

    @Test(
        "a comment is deleted by its author's session or the owner, never by another session", arguments: Kind.allCases)
    func removeComment(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.addComment(Self.comment("c1"), bySession: "author")
            try await store.addComment(Self.comment("c2"), bySession: "author")

            #expect(try await !store.removeComment(id: "c1", bySession: "stranger"))
            #expect(try await store.comments(askedBy: nil).map(\.id) == ["c1", "c2"], "nothing changed")
            #expect(try await store.removeComment(id: "c1", bySession: "author"))
            #expect(try await store.removeComment(id: "c2", bySession: nil))
            #expect(try await store.comments(askedBy: nil).isEmpty)
            #expect(try await !store.removeComment(id: "c2", bySession: nil))
        }
    }

    @Test(
        "a comment's reach is set by a replay: outdated with where it stopped, current again", arguments: Kind.allCases)
    func markComments(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.addComment(Self.comment("c1"), bySession: "s")
            try await store.addComment(Self.comment("c2"), bySession: "s")
            let stopped = ScreenComment.Reach.outdated(stoppedAt: "step 2 of 2 (action 0 of movies/list) is gone")

            try await store.markComments(["c1": stopped, "gone": stopped])
            #expect(try await store.comments(askedBy: nil).map(\.reach) == [stopped, .current])
            try await store.markComments(["c1": .current])
            #expect(try await store.comments(askedBy: nil).map(\.reach) == [.current, .current])
        }
    }

    @Test("comments outlive sessions: removing every session leaves them", arguments: Kind.allCases)
    func commentsOutliveSessions(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.append(Self.entries, toSession: "s", at: 0)
            try await store.addComment(Self.comment("c1"), bySession: "s")
            try await store.removeSessions(["s"])
            #expect(try await store.comments(askedBy: "s").map(\.isAuthor) == [true])
        }
    }

    @Test("comments survive a restart of a store at rest", arguments: [Kind.sqlite, .postgres])
    func commentsSurviveRestart(kind: Kind) async throws {
        let comment = Self.comment("c1")
        switch kind {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-store-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appending(path: "store.sqlite").path
            let key = ["FLOWHOST_STORE_KEY": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="]
            try await SQLiteClickPathStore(path: file, environment: key).whileRunning {
                try await $0.addComment(comment, bySession: "s")
            }
            let read = try await SQLiteClickPathStore(path: file, environment: key).whileRunning {
                try await $0.comments(askedBy: nil)
            }
            #expect(read == [comment])
        case .postgres:
            let schema = TestPostgres.newSchema()
            try await TestPostgres.store(schema: schema).whileRunning {
                try await $0.addComment(comment, bySession: "s")
            }
            let read = try await TestPostgres.store(schema: schema).whileRunning { try await $0.comments(askedBy: nil) }
            #expect(read == [comment])
        case .memory:
            Issue.record("a memory store is gone with its process")
        }
    }

    @Test("a version 2 PostgreSQL schema (before comments) is migrated: its paths stay, comments are kept")
    func postgresMigration() async throws {
        let schema = TestPostgres.newSchema()
        try await TestPostgres.store(schema: schema).whileRunning {
            try await $0.append([.liveMove], toSession: "a", at: 0)
        }
        // As a version 2 build (studies, no comments) left it.
        _ = try await TestPostgres.query("DROP TABLE flowhost_comments", schema: schema)
        _ = try await TestPostgres.query("UPDATE flowhost_schema_version SET version = 2", schema: schema)

        try await TestPostgres.store(schema: schema).whileRunning { store in
            #expect(try await store.path(ofSession: "a") == ClickPath([.liveMove]))
            try await store.addComment(Self.comment("c1"), bySession: "a")
            #expect(try await store.comments(askedBy: "a").map(\.id) == ["c1"])
        }
    }
}
