import FlowHostApp
import FlowHostPostgres
import FlowHostSQLite
import Foundation
import HTMLPresenter
import HummingbirdTesting
import Testing

/// Several server processes on one store, as two servers in this test process: no sticky
/// routing, a page of one posts to the other, the entry index guard between them, their live
/// moves, and a store that goes away.
@Suite("Several processes, one store", .serialized)
struct ClusterTests {
    /// Runs `body` with two SQLite stores on one file in a new folder, as two processes open it:
    /// one token key, and no changes reported between them (tokens alone tell a copy is behind).
    private func withTwoProcessesOnOneFile(
        _ body: @escaping @Sendable (any ClickPathStore, any ClickPathStore) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-cluster-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "store.sqlite").path
        let first = try SQLiteClickPathStore(path: path, environment: [:])
        let second = try SQLiteClickPathStore(path: path, environment: [:])
        try await body(first, second)
    }

    /// Runs `body` with a lab server on each of two SQLite stores on one file (``withTwoProcessesOnOneFile(_:)``):
    /// the servers first, then their stores.
    private func withTwoServersOnOneFile(
        _ body:
            @escaping @Sendable (
                any TestClientProtocol, any TestClientProtocol, any ClickPathStore, any ClickPathStore
            ) async throws -> Void
    ) async throws {
        try await withTwoProcessesOnOneFile { first, second in
            try await withLabServer(store: first) { a in
                try await withLabServer(store: second) { b in try await body(a, b, first, second) }
            }
        }
    }

    /// Runs `body` with a lab server on each of two processes of `cluster`, and a browser on the
    /// first that clicked Next: the servers, that browser, its Page 2 and its session id.
    private func withPageTwoOnTheFirstOfTwo(
        _ cluster: ClusterStore,
        _ body:
            @escaping @Sendable (
                any TestClientProtocol, any TestClientProtocol, Browser, TestResponse, String
            ) async throws -> Void
    ) async throws {
        try await withLabServer(store: cluster.process()) { a in
            try await withLabServer(store: cluster.process()) { b in
                var onA = Browser(a)
                let pageTwo = try await onA.click("Next", on: try await onA.open())
                try await body(a, b, onA, pageTwo, try #require(onA.sessionCookie))
            }
        }
    }

    @Test("a page one process rendered posts its actions to the other, which rebuilds the session and runs them")
    func actionsOnEitherProcess() async throws {
        try await withTwoServersOnOneFile { a, b, first, second in
            var onA = Browser(a)
            let pageTwo = try await onA.click("Next", on: try await onA.open())
            #expect(pageTwo.heading == "Page 2")
            let id = try #require(onA.sessionCookie)

            // B never held the session: it checks the token, rebuilds from the store, runs it.
            var onB = Browser(b, sessionCookie: id)
            let pageThree = try await onB.click("Next", on: pageTwo)
            #expect(pageThree.heading == "Page 3")
            #expect(onB.sessionCookie == id, "the same session, not a new one")

            // A's copy is behind (at Page 2): the token of B's page names a longer path,
            // so A rebuilds from the store and takes the action there.
            let pageFour = try await onA.click("Rename", on: pageThree, form: "name=Ada")
            #expect(pageFour.heading == "Page 3")
            #expect(pageFour.text.contains("Ada"))
            let stored = try #require(try await first.path(ofSession: id))
            #expect(stored.entries.count == 3, "each click stored once: \(stored.entries)")
        }
    }

    @Test("a forged token, another session's, or a stale one is refused on either process, changing nothing")
    func forgedAndStaleTokens() async throws {
        try await withTwoServersOnOneFile { a, b, first, second in
            var onA = Browser(a)
            let pageOne = try await onA.open()
            let pageTwo = try await onA.click("Next", on: pageOne)
            let id = try #require(onA.sessionCookie)
            var onB = Browser(b, sessionCookie: id)
            let next = try #require(pageTwo.action("Next"))

            // One hex digit changed: the signature no longer holds.
            let last = next.last == "0" ? "1" : "0"
            // B does not hold the session and rebuilds nothing for it; A, which does, says why.
            let forgedOnB = try await onB.post(String(next.dropLast()) + last)
            #expect(forgedOnB.status == .conflict)
            #expect(forgedOnB.text.contains("Nothing was done"))
            let forgedOnA = try await onA.post(String(next.dropLast()) + last)
            #expect(forgedOnA.status == .conflict)
            #expect(forgedOnA.text.contains(ActionError.unknown.description))

            // Another session's cookie with this session's token.
            var stranger = Browser(b)
            _ = try await stranger.open()
            let foreign = try await stranger.post(next)
            #expect(foreign.status == .conflict)
            #expect(foreign.text.contains(ActionError.unknown.description))

            // Page 1's token, after Next and Next: stale, on the process that issued it and on the other.
            _ = try await onA.click("Next", on: pageTwo)
            let old = try #require(pageOne.action("Next"))
            for var browser in [onA, onB] {
                let stale = try await browser.post(old)
                #expect(stale.status == .conflict)
                #expect(stale.text.contains(ActionError.stale.description))
            }
            #expect(try await first.path(ofSession: id)?.entries.count == 2)
        }
    }

    @Test("an action retried on the other process (its first process went away after storing it) shows its page")
    func retriedOnTheOtherProcess() async throws {
        try await withTwoServersOnOneFile { a, b, first, second in
            var onA = Browser(a)
            let pageOne = try await onA.open()
            let id = try #require(onA.sessionCookie)
            let rename = try #require(pageOne.action("Rename"))
            #expect(try await onA.post(rename, form: "name=Ada").status == .seeOther)

            // The same request reaches B, as a proxy retries it: B rebuilds the session from
            // the store, sees the action taken with these values, and answers its page.
            var onB = Browser(b, sessionCookie: id)
            let retried = try await onB.post(rename, form: "name=Ada")
            #expect(retried.status == .seeOther)
            let page = try await onB.open()
            #expect(page.text.contains("Ada"))
            #expect(try await first.path(ofSession: id)?.entries.count == 1, "not taken twice")

            // With another value it is not the same request: stale, nothing stored.
            let changed = try await onB.post(rename, form: "name=Grace")
            #expect(changed.status == .conflict)
            #expect(changed.text.contains(ActionError.stale.description))
            #expect(try await first.path(ofSession: id)?.entries.count == 1)
        }
    }

    @Test("a session people only read on one process is not swept by the other, whose memory does not hold it")
    func readSessionsStayStored() async throws {
        // The store forgets sessions unused for idleTimeout - hibernateAfter (4 s) that its sweeper's
        // process does not hold; A marks the sessions read there every half of that at most.
        try await withTwoProcessesOnOneFile { first, second in
            try await withLabServer(
                store: first,
                configure: {
                    $0.hibernateAfter = .seconds(2)
                    $0.idleTimeout = .seconds(6)
                }
            ) { a in
                try await withLabServer(
                    store: second,
                    configure: {
                        $0.hibernateAfter = .seconds(2)
                        $0.idleTimeout = .seconds(6)
                    }
                ) {
                    _ in
                    var onA = Browser(a)
                    _ = try await onA.click("Next", on: try await onA.open())
                    let id = try #require(onA.sessionCookie)

                    // Read on A for longer than the store's idle time; B sweeps all along.
                    let end = ContinuousClock.now + .seconds(6)
                    while ContinuousClock.now < end {
                        #expect(try await onA.open().heading == "Page 2")
                        try await Task.sleep(for: .milliseconds(200))
                    }

                    #expect(try await second.path(ofSession: id)?.entries.count == 1, "still stored")
                }
            }
        }
    }

    @Test("two processes taking an action on one page at once: one is stored, the other rebuilds and says so")
    func concurrentWriters() async throws {
        try await withTwoServersOnOneFile { a, b, first, second in
            var onA = Browser(a)
            let pageTwo = try await onA.click("Next", on: try await onA.open())
            let id = try #require(onA.sessionCookie)
            var onB = Browser(b, sessionCookie: id)
            let pageTwoOnB = try await onB.open()
            #expect(pageTwoOnB.heading == "Page 2")

            // A takes Next; B, whose copy does not know, then takes Rename on its own page.
            let pageThree = try await onA.click("Next", on: pageTwo)
            #expect(pageThree.heading == "Page 3")
            let answer = try await onB.click("Rename", on: pageTwoOnB, form: "name=Ada")
            #expect(answer.heading == "Page 3", "B answers from the store: A's Next")
            #expect(answer.text.contains("your last click was not taken"))
            #expect(!answer.text.contains("Ada"))

            let stored = try #require(try await first.path(ofSession: id))
            #expect(stored.entries.count == 2, "A's two clicks, nothing of B's: \(stored.entries)")
            // B goes on from there.
            let pageFour = try await onB.click("Next", on: answer)
            #expect(pageFour.heading == "Page 4")
            #expect(try await second.path(ofSession: id)?.entries.count == 3)
        }
    }

    @Test("the GET after an action another process answered shows that action's page, not an older copy")
    func getAfterAnotherProcessesAction() async throws {
        try await withTwoServersOnOneFile { a, b, first, second in
            var onA = Browser(a)
            let pageTwo = try await onA.click("Next", on: try await onA.open())
            let id = try #require(onA.sessionCookie)
            var onB = Browser(b, sessionCookie: id)
            #expect(try await onB.open().heading == "Page 2", "B holds a copy now")

            let answer = try await onA.post(try #require(pageTwo.action("Next")))
            let location = try #require(answer.headers[.location])
            let told = try #require(
                answer.headers[values: .setCookie].first { $0.hasPrefix("flowhost_at=") }?
                    .firstMatch(of: /flowhost_at=([^;]+)/)?.output.1)
            #expect(told == "2-\(id.prefix(8))", "the length, and the session it is of")
            // Without the cookie B knows nothing newer (no change stream between two SQLite
            // instances); with it, B rebuilds its copy first.
            #expect(try await onB.open().heading == "Page 2")
            let page = try await b.executeRequest(
                uri: location, method: .get,
                headers: [.cookie: "flowhost_session=\(id); flowhost_at=\(told)"], body: nil)
            #expect(page.heading == "Page 3")
        }
    }

    @Test("the browser's Back on one process tells the browser the new length: the other process catches up first")
    func backOnOneProcess() async throws {
        try await withTwoServersOnOneFile { a, b, first, second in
            var onA = Browser(a)
            let pageOne = try await onA.open()
            let toTwo = try await onA.post(try #require(pageOne.action("Next")))
            let pageTwoURL = try #require(toTwo.headers[.location])
            let pageThree = try await onA.click("Next", on: try await onA.get(pageTwoURL))
            #expect(pageThree.heading == "Page 3")
            let id = try #require(onA.sessionCookie)
            var onB = Browser(b, sessionCookie: id)
            #expect(try await onB.open().heading == "Page 3", "B holds a copy at Page 3")

            // The browser's Back on A: Page 2 again, a change of the session made by a GET.
            let back = try await a.executeRequest(
                uri: pageTwoURL, method: .get,
                headers: [.cookie: "flowhost_session=\(id); flowhost_at=2-\(id.prefix(8))"],
                body: nil)
            #expect(back.heading == "Page 2")
            let told = try #require(
                back.headers[values: .setCookie].lazy.compactMap { $0.firstMatch(of: /^flowhost_at=([^;]+)/) }
                    .first?.output.1)
            #expect(told == "3-\(id.prefix(8))", "the Back is stored: the path is one entry longer")
            #expect(try await first.path(ofSession: id)?.entries.count == 3)

            // With that cookie B, whose copy still shows Page 3, rebuilds before it answers.
            let root = try await b.executeRequest(
                uri: "/", method: .get, headers: [.cookie: "flowhost_session=\(id); flowhost_at=\(told)"],
                body: nil)
            let location = try #require(root.headers[.location])
            let shown = try await b.executeRequest(
                uri: location, method: .get,
                headers: [.cookie: "flowhost_session=\(id); flowhost_at=\(told)"], body: nil)
            #expect(shown.heading == "Page 2")

            // A page GET that changed nothing tells nothing new.
            let again = try await a.executeRequest(
                uri: pageTwoURL, method: .get,
                headers: [.cookie: "flowhost_session=\(id); flowhost_at=\(told)"], body: nil)
            #expect(again.heading == "Page 2")
            #expect(!again.headers[values: .setCookie].contains { $0.hasPrefix("flowhost_at=") })
        }
    }

    @Test("a made-up path length in the cookie sends one GET to the store, not every one")
    func madeUpPathLength() async throws {
        let cluster = ClusterStore()
        try await withLabServer(store: cluster.process()) { a in
            var browser = Browser(a)
            _ = try await browser.click("Next", on: try await browser.open())
            let id = try #require(browser.sessionCookie)
            let before = cluster.pathReads.load(ordering: .relaxed)
            for _ in 1...5 {
                let answer = try await a.executeRequest(
                    uri: "/", method: .get,
                    headers: [.cookie: "flowhost_session=\(id); flowhost_at=999-\(id.prefix(8))"],
                    body: nil)
                #expect(answer.status == .ok || answer.status == .seeOther)
            }
            #expect(cluster.pathReads.load(ordering: .relaxed) - before == 1)
            #expect(try await browser.open().heading == "Page 2")
        }
    }

    @Test("another process's change moves the page this process streams to")
    func liveMoveAcrossProcesses() async throws {
        let cluster = ClusterStore()
        try await withLabServer(store: cluster.process()) { a in
            try await withLabServer(store: cluster.process()) { b in
                var onA = Browser(a)
                let pageOne = try await onA.open()
                let events = try #require(pageOne.eventsURL)
                let id = try #require(onA.sessionCookie)
                async let stream = a.executeRequest(
                    uri: events, method: .get, headers: [.cookie: "flowhost_session=\(id)"], body: nil)

                var onB = Browser(b, sessionCookie: id)
                #expect(try await onB.click("Next", on: pageOne).heading == "Page 2")

                let moved = try await stream
                let target = try #require(
                    String(buffer: moved.body).firstMatch(of: /event: move\ndata: (\/screen\/\d+)\n\n/)?.output.1)
                let there = try await onA.get(String(target))
                #expect(there.heading == "Page 2")
            }
        }
    }

    @Test(
        "a page's stream on the other process waits for that process's next change of it, then moves there",
        .timeLimit(.minutes(1)))
    func streamOnTheOtherProcess() async throws {
        try await withPageTwoOnTheFirstOfTwo(ClusterStore()) { _, b, onA, pageTwo, id in
            var onA = onA
            let events = try #require(pageTwo.eventsURL)
            #expect(events.contains("&p="), "the stream's URL names the process that rendered the page")
            async let stream = b.executeRequest(
                uri: events, method: .get, headers: [.cookie: "flowhost_session=\(id)"], body: nil)
            // B rebuilt the session for the stream, and moves nobody yet: nothing changed.
            try await b.waitForStatus { $0.sessions.restored == 1 }

            #expect(try await onA.click("Next", on: pageTwo).heading == "Page 3")
            let moved = try await stream
            let target = try #require(String(buffer: moved.body).firstMatch(of: /data: (\/screen\/\d+)/)?.output.1)
            var onB = Browser(b, sessionCookie: id)
            #expect(try await onB.get(String(target)).heading == "Page 3")
        }
    }

    @Test(
        "a session another process removed leaves this one's memory: its open page goes to /, the store untouched",
        .timeLimit(.minutes(1)))
    func removedByAnotherProcess() async throws {
        let cluster = ClusterStore()
        try await withLabServer(store: cluster.process()) { a in
            var onA = Browser(a)
            let pageTwo = try await onA.click("Next", on: try await onA.open())
            let id = try #require(onA.sessionCookie)
            let events = try #require(pageTwo.eventsURL)
            async let stream = a.executeRequest(
                uri: events, method: .get, headers: [.cookie: "flowhost_session=\(id)"], body: nil)
            try await a.waitForStatus { $0.eventStreams.open == 1 }

            try await cluster.process().removeSessions([id])
            #expect(String(buffer: try await stream.body).hasSuffix("event: move\ndata: /\n\n"))
            let page = try await onA.open()
            #expect(page.heading == "Page 1", "nothing stored: a new session")
            #expect(onA.sessionCookie != id)
        }
    }

    @Test(
        "on PostgreSQL, another process's action moves the page this one streams to, each click stored once",
        .timeLimit(.minutes(1)))
    func liveMoveOnPostgreSQL() async throws {
        let schema = TestPostgres.newSchema()
        let first = try await TestPostgres.store(schema: schema)
        let second = try await TestPostgres.store(schema: schema)
        try await withLabServer(store: first) { a in
            try await withLabServer(store: second) { b in
                var onA = Browser(a)
                let pageTwo = try await onA.click("Next", on: try await onA.open())
                let id = try #require(onA.sessionCookie)
                let events = try #require(pageTwo.eventsURL)
                async let stream = a.executeRequest(
                    uri: events, method: .get, headers: [.cookie: "flowhost_session=\(id)"], body: nil)

                var onB = Browser(b, sessionCookie: id)
                #expect(try await onB.click("Next", on: pageTwo).heading == "Page 3")

                let moved = try await stream
                let target = try #require(String(buffer: moved.body).firstMatch(of: /data: (\/screen\/\d+)/)?.output.1)
                #expect(try await onA.get(String(target)).heading == "Page 3")
                #expect(try await first.path(ofSession: id)?.entries.count == 2)
            }
        }
    }

    @Test(
        "store down, a session only another process holds: 503, no new session in its place, then where it was")
    func storeDownForASessionNotInMemory() async throws {
        let cluster = ClusterStore()
        try await withPageTwoOnTheFirstOfTwo(cluster) { _, b, _, pageTwo, id in
            cluster.isDown.store(true, ordering: .relaxed)
            var onB = Browser(b, sessionCookie: id)
            // A GET and a click on B, which must read the store to rebuild the session; each twice,
            // the second one read again (not answered from memory of the first failure).
            for _ in 0..<2 {
                let page = try await onB.get("/")
                #expect(page.status == .serviceUnavailable)
                #expect(page.headers[.retryAfter] == "5")
                let started = page.headers[values: .setCookie].filter { $0.hasPrefix("flowhost_session=") }
                #expect(started.isEmpty, "no new session replaces the browser's")
                let click = try await onB.post(try #require(pageTwo.action("Next")))
                #expect(click.status == .serviceUnavailable)
                #expect(click.text.contains("nothing was done"))
            }
            #expect(onB.sessionCookie == id)

            cluster.isDown.store(false, ordering: .relaxed)
            #expect(try await onB.open().heading == "Page 2", "B rebuilds it where A left it")
            #expect(onB.sessionCookie == id)
            let pageThree = try await onB.click("Next", on: pageTwo)
            #expect(pageThree.heading == "Page 3")
            let stored = try await cluster.shared.path(ofSession: id)
            #expect(stored?.entries.count == 2, "the refused clicks did nothing")
        }
    }

    @Test(
        "a click answered 503 whose append the store kept anyway, clicked again, shows its page: stored once, no conflict told"
    )
    func storedDespiteUnavailable() async throws {
        let cluster = ClusterStore()
        try await withLabServer(store: cluster.process()) { client in
            var browser = Browser(client)
            let pageTwo = try await browser.click("Next", on: try await browser.open())
            let id = try #require(browser.sessionCookie)

            cluster.losesNextAppendAnswer.store(true, ordering: .relaxed)
            let refused = try await browser.post(try #require(pageTwo.action("Next")))
            #expect(refused.status == .serviceUnavailable)
            #expect(try await cluster.shared.path(ofSession: id)?.entries.count == 2, "the store kept it anyway")

            let pageThree = try await browser.click("Next", on: pageTwo)
            #expect(pageThree.heading == "Page 3")
            #expect(!pageThree.text.contains("Another window changed this session"), "\(pageThree.text)")
            #expect(try await cluster.shared.path(ofSession: id)?.entries.count == 2, "stored once")
            let pageFour = try await browser.click("Next", on: pageThree)
            #expect(pageFour.heading == "Page 4", "the session goes on from there")
            #expect(try await cluster.shared.path(ofSession: id)?.entries.count == 3)
        }
    }

    @Test("while the store is down pages show, actions answer 503 and change nothing; once it is back they work")
    func storeGoesAway() async throws {
        let cluster = ClusterStore()
        let logs = RecordingLogHandler.Messages()
        try await withLabServer(store: cluster.process(), logs: logs) { client in
            var browser = Browser(client)
            let pageTwo = try await browser.click("Next", on: try await browser.open())
            let id = try #require(browser.sessionCookie)

            cluster.isDown.store(true, ordering: .relaxed)
            #expect(try await browser.open().heading == "Page 2", "the page in memory still shows")
            for _ in 0..<2 {
                let refused = try await browser.post(try #require(pageTwo.action("Next")))
                #expect(refused.status == .serviceUnavailable)
                #expect(refused.headers[.retryAfter] == "5")
                #expect(refused.text.contains("nothing was done"))
            }
            let unchanged = try await browser.open()
            #expect(unchanged.heading == "Page 2", "the refused click changed nothing")

            cluster.isDown.store(false, ordering: .relaxed)
            let pageThree = try await browser.click("Next", on: pageTwo)
            #expect(pageThree.heading == "Page 3", "the same page's button works once the store is back")
            #expect(try await cluster.shared.path(ofSession: id)?.entries.count == 2)
        }
        let lines = logs.all.map(\.message)
        #expect(lines.filter { $0.contains("click path store unavailable") }.count == 1)
        #expect(lines.filter { $0.contains("click path store reachable again") }.count == 1)
    }
}
