import FlowHostApp
import FlowHostSQLite
import Foundation
import HTMLPresenter
import HummingbirdTesting
import Synchronization
import Testing
import WebHost

@Suite("Sessions that survive a restart")
struct RestartTests {
    @Test("after a restart on the same store, the old cookie lands on the same screen with the same stack, and goes on")
    func sameScreenAfterRestart() async throws {
        let store = MemoryClickPathStore()
        let cookie = Mutex<String?>(nil)
        try await withLabServer(store: store) { client in
            var browser = Browser(client)
            var page = try await browser.open()
            page = try await browser.click("Next", on: page)
            page = try await browser.click("Next", on: page)
            page = try await browser.click("Rename", on: page, form: "name=Ada")
            #expect(page.heading == "Page 3")
            cookie.withLock { $0 = browser.sessionCookie }
        }
        let saved = try #require(cookie.withLock { $0 })
        try await withLabServer(store: store) { client in
            var browser = Browser(client, sessionCookie: saved)
            let page = try await browser.open()
            #expect(page.heading == "Page 3")
            #expect(page.text.contains("Ada"), "the form's effect is part of the rebuilt screen")
            #expect(browser.sessionCookie == saved, "the same session, not a new one")
            let back = try await browser.click("Page 2", on: page)
            #expect(back.heading == "Page 2")
            let next = try await browser.click("Next", on: back)
            #expect(next.heading == "Page 3")
        }
        let stored = try #require(try await store.path(ofSession: saved))
        #expect(stored.entries.count == 5, "3 clicks before the restart, 2 after: \(stored.entries)")
    }

    @Test("the server runs the store it is given and closes it when it stops: the clicks it answered are in the file")
    func serverClosesItsStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-restart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "flowhost.sqlite").path
        let store = try SQLiteClickPathStore(path: file, environment: [:])
        let cookie = Mutex<String?>(nil)
        try await withLabServer(store: store) { client in
            var browser = Browser(client)
            let next = try await browser.click("Next", on: try await browser.open())
            #expect(next.heading == "Page 2")
            cookie.withLock { $0 = browser.sessionCookie }
        }
        let id = try #require(cookie.withLock { $0 })

        let error = try await #require(throws: ClickPathStoreError.self) { try await store.path(ofSession: id) }
        #expect(error.description.contains("closed"), "\(error)")
        let reopened = try SQLiteClickPathStore(path: file, environment: [:])
        #expect(try await reopened.path(ofSession: id)?.entries.count == 1)
    }

    @Test("a session that ends leaves the store, and its cookie then starts a new session")
    func endedSessionsLeaveTheStore() async throws {
        let store = MemoryClickPathStore()
        // 3 s idle: a busy machine's two requests of the click come well within it.
        try await withLabServer(store: store, configure: { $0.idleTimeout = .seconds(3) }) { client in
            var browser = Browser(client)
            let next = try await browser.click("Next", on: try await browser.open())
            #expect(next.heading == "Page 2")
            let id = try #require(browser.sessionCookie)
            #expect(try await store.path(ofSession: id) != nil)
            // The sweeper ends it once idle past the timeout
            let deadline = ContinuousClock.now + .seconds(30)
            while try await store.path(ofSession: id) != nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            let page = try await browser.open()
            #expect(page.heading == "Page 1")
            #expect(browser.sessionCookie != id)
            #expect(try await store.path(ofSession: id) == nil)
        }
    }

    @Test("a stored path that no longer fits lands on its last fitting screen, and the page says so")
    func pathThatNoLongerFits() async throws {
        let store = MemoryClickPathStore()
        let id = String(repeating: "ab", count: 16)
        let pageOne = ScreenPosition(layer: 0, path: [0, 0], template: "lab/page")
        try await store.append(
            [
                .action(ActionPosition(screen: pageOne, index: 0), fields: FormFields()),
                .action(ActionPosition(screen: pageOne, index: 42), fields: FormFields()),
            ], toSession: id, at: 0)
        try await withLabServer(store: store) { client in
            var browser = Browser(client, sessionCookie: id)
            let page = try await browser.open()
            #expect(page.heading == "Page 2")
            #expect(page.text.contains("Rebuilt as far as its clicks still fit this prototype: step 2 of 2"))
            #expect(browser.sessionCookie == id)
        }
        #expect(try await store.path(ofSession: id)?.entries.count == 1, "the store keeps the part that fit")
    }

    @Test("a session unused for a while leaves memory and comes back from its click path, as after a restart")
    func hibernation() async throws {
        // Long enough that no request of the walk below waits that long on a busy machine (the session
        // would hibernate in the middle of it), short enough to wait for.
        try await withLabServer(configure: { $0.hibernateAfter = .milliseconds(1500) }) { client in
            var browser = Browser(client)
            var page = try await browser.click("Next", on: try await browser.open())
            page = try await browser.click("Rename", on: page, form: "name=Ada")
            #expect(page.heading == "Page 2")
            let cookie = browser.sessionCookie

            let hibernated = try await client.waitForStatus(timeout: .seconds(10)) { $0.sessions.hibernated == 1 }
            #expect(hibernated.sessions.returning + hibernated.sessions.new == 0, "no session left in memory")

            page = try await browser.open()
            #expect(page.heading == "Page 2")
            #expect(page.text.contains("Ada"))
            #expect(browser.sessionCookie == cookie)
            #expect(try await client.status().sessions.restored == 1)
            #expect(try await browser.click("Page 1", on: page).heading == "Page 1", "its back button works")
        }
    }

    @Test("a hibernated session idle past the timeout leaves the store; its cookie then starts anew")
    func hibernatedSessionsEnd() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(
            store: store,
            configure: {
                $0.hibernateAfter = .milliseconds(1500)
                $0.idleTimeout = .milliseconds(3000)
            }
        ) { client in
            var browser = Browser(client)
            #expect(try await browser.click("Next", on: try await browser.open()).heading == "Page 2")
            let id = try #require(browser.sessionCookie)
            try await client.waitForStatus(timeout: .seconds(10)) { $0.sessions.hibernated == 1 }
            #expect(try await store.path(ofSession: id) != nil, "hibernated: in the store only")

            let deadline = ContinuousClock.now + .seconds(10)
            while try await store.path(ofSession: id) != nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try await store.path(ofSession: id) == nil)
            #expect(try await browser.open().heading == "Page 1")
            #expect(browser.sessionCookie != id)
        }
    }
}
