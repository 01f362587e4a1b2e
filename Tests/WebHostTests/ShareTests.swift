import FlowHostApp
import FlowHostSQLite
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import WebHost

@Suite("Share links")
struct ShareTests {
    @Test("a share link opens a new, independent session at the shared screen with the same stack under it")
    func shareAndOpen() async throws {
        try await withLabServer { client in
            // Given a browser on Page 3, renamed
            var first = Browser(client)
            var page = try await first.open()
            page = try await first.click("Next", on: page)
            page = try await first.click("Next", on: page)
            page = try await first.click("Rename", on: page, form: "name=Ada")
            #expect(page.text.contains(#"action="/_share""#), "a served page has the Share control")

            // When it shares
            let shared = try await first.post("/_share")
            #expect(shared.status == .seeOther)
            let sharePage = try await first.get(try #require(shared.headers[.location]))
            #expect(sharePage.status == .ok)
            let link = try #require(sharePage.text.firstMatch(of: /http:\/\/[^"<]+\/s\/([0-9a-f]{32})/))
            #expect(!sharePage.text.contains("Ada"), "the page shows the link, no state in the clear")

            // Then a second browser opening the link lands on Page 3 with Ada, and Back leads to Page 2
            var second = Browser(client)
            let opened = try await second.open("/s/\(link.output.1)")
            #expect(opened.heading == "Page 3")
            #expect(opened.text.contains("Ada"))
            #expect(second.sessionCookie != nil && second.sessionCookie != first.sessionCookie)
            let back = try await second.click("Page 2", on: opened)
            #expect(back.heading == "Page 2")

            // And the two sessions are independent
            #expect(try await first.open().heading == "Page 3")
        }
    }

    @Test("an unknown or malformed share id is a 404 page; a share from another site or by GET is refused")
    func badShares() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            _ = try await browser.open()
            for path in ["/s/" + String(repeating: "0", count: 32), "/s/nothing", "/s/", "/_share/zz"] {
                let response = try await browser.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.text.contains("Share link not found"), "\(path)")
            }
            let crossSite = try await browser.post("/_share", headers: [.secFetchSite: "cross-site"])
            #expect(crossSite.status == .forbidden)
            #expect(try await browser.get("/_share").status == .methodNotAllowed)
        }
    }
}

/// Secrets, storage, expiry and revocation of share links.
@Suite("Share links: secrets, storage, expiry and revocation", .serialized)
struct ShareLinkSafetyTests {
    private static let testSource = ClickPathTestSource(
        imports: ["@testable import Lab"], makeApp: ["let app = try labApp()"])

    /// Page 2, unlocked after a wrong PIN first; then shared: the share page's response and the link's id.
    private func unlockAndShare(
        _ browser: inout Browser, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (page: TestResponse, id: String) {
        var page = try await browser.click("Next", on: try await browser.open())
        page = try await browser.click("Unlock", on: page, form: "pin=wxyz")
        #expect(page.status == .unprocessableContent, sourceLocation: sourceLocation)
        #expect(!page.text.contains("wxyz"), "a refused secret is not shown again", sourceLocation: sourceLocation)
        page = try await browser.click("Unlock", on: page, form: "pin=\(LabPageModel.pin)")
        #expect(page.text.contains("Unlocked"), sourceLocation: sourceLocation)
        let shared = try await browser.post("/_share")
        let sharePage = try await browser.get(try #require(shared.headers[.location], sourceLocation: sourceLocation))
        let id = try #require(sharePage.text.firstMatch(of: /\/s\/([0-9a-f]{32})/), sourceLocation: sourceLocation)
        return (sharePage, String(id.output.1))
    }

    @Test("a shared unlocked screen opens unlocked; the PIN shows in no page, inspector, copied test or log line")
    func secretsStayWithTheirSession() async throws {
        let logs = RecordingLogHandler.Messages()
        try await withLabServer(testSource: Self.testSource, logs: logs) { client in
            var sharer = Browser(client)
            let (_, id) = try await unlockAndShare(&sharer)

            var recipient = Browser(client)
            let opened = try await recipient.open("/s/\(id)")
            #expect(opened.heading == "Page 2")
            #expect(opened.text.contains("Unlocked"), "the server replayed the PIN")
            let inspector = try await recipient.get("/_flowhost/inspector").text
            #expect(inspector.contains("pin ••••"), "the entry is listed, its value masked")
            #expect(inspector.contains("pin on lab/page"), "the copied test asks for the value")
            let own = try await sharer.get("/_flowhost/inspector").text
            #expect(own.contains("pin ••••"))

            for text in [opened.text, inspector, own] + logs.all.map(\.message) {
                #expect(!text.contains(LabPageModel.pin))
                #expect(!text.contains("wxyz"))
            }
            #expect(logs.all.contains { $0.message.contains("/s/\(id.prefix(8))…") })
            #expect(!logs.all.contains { $0.message.contains(id) }, "the log shows share ids cut short")
        }
    }

    @Test("opening a link stores no copy of the shared path: the visitor's path is the share's, then its own")
    func opensReferToTheShare() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-share-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "flowhost.sqlite").path
        let store = try SQLiteClickPathStore(path: file, environment: [:])
        let visitor = Mutex<String?>(nil)
        try await withLabServer(store: store) { client in
            var sharer = Browser(client)
            let (_, id) = try await unlockAndShare(&sharer)
            let sharerCookie = try #require(sharer.sessionCookie)
            let sharerPath = try #require(try await store.path(ofSession: sharerCookie))
            let entriesBefore = try Self.entryRows(file)

            for _ in 0..<3 {
                var recipient = Browser(client)
                #expect(try await recipient.open("/s/\(id)").text.contains("Unlocked"))
                visitor.withLock { $0 = recipient.sessionCookie }
            }
            #expect(try Self.entryRows(file) == entriesBefore, "three opens wrote no entry")

            var recipient = Browser(client, sessionCookie: visitor.withLock { $0 })
            let next = try await recipient.click("Next", on: try await recipient.open())
            #expect(next.heading == "Page 3")
            let recipientCookie = try #require(recipient.sessionCookie)
            let stored = try #require(try await store.path(ofSession: recipientCookie))
            #expect(stored.entries.dropLast() == sharerPath.entries[...])
            #expect(stored.entries.count == sharerPath.entries.count + 1)
            #expect(try Self.entryRows(file) == entriesBefore + 1)
        }
        // After a restart (the server closed its store), the visitor comes back where it was, unlocked: the
        // shared part replayed with its PIN.
        try await withLabServer(store: try SQLiteClickPathStore(path: file, environment: [:])) { client in
            var recipient = Browser(client, sessionCookie: visitor.withLock { $0 })
            let page = try await recipient.open()
            #expect(page.heading == "Page 3")
            #expect(try await recipient.click("Page 2", on: page).text.contains("Unlocked"))
        }
    }

    @Test(
        "only the sharer's share page revokes the link; the link then says it was revoked, and visitors keep their copy"
    )
    func revoke() async throws {
        try await withLabServer { client in
            var sharer = Browser(client)
            let (sharePage, id) = try await unlockAndShare(&sharer)
            #expect(sharePage.text.contains("Revoke this link"))
            #expect(sharePage.text.contains("It opens until"))
            var visitor = Browser(client)
            #expect(try await visitor.open("/s/\(id)").text.contains("Unlocked"))

            // Someone else sees the link's page without the button, and cannot revoke it.
            var other = Browser(client)
            _ = try await other.open()
            #expect(!(try await other.get("/_share/\(id)").text.contains("Revoke this link")))
            let refused = try await other.post("/_share/\(id)/revoke")
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("Only the browser session that shared a link can revoke it"))
            var third = Browser(client)
            #expect(try await third.open("/s/\(id)").heading == "Page 2", "it still opens")
            #expect(
                try await sharer.post("/_share/\(id)/revoke", headers: [.secFetchSite: "cross-site"]).status
                    == .forbidden)

            // The sharer revokes it.
            let revoked = try await sharer.post("/_share/\(id)/revoke")
            #expect(revoked.status == .seeOther)
            let after = try await sharer.get(try #require(revoked.headers[.location]))
            #expect(after.status == .gone)
            #expect(after.text.contains("You revoked it"))
            var late = Browser(client)
            let opened = try await late.get("/s/\(id)")
            #expect(opened.status == .gone)
            #expect(opened.text.contains("This share link was revoked"))
            #expect(late.sessionCookie == nil, "no session was started")
            #expect(try await visitor.open().text.contains("Unlocked"), "the visitor keeps what it opened")
        }
    }

    @Test("an expired link says so, on its page and when opened")
    func expired() async throws {
        try await withLabServer(configure: { $0.shareLifetime = .zero }) { client in
            var sharer = Browser(client)
            _ = try await sharer.open()
            let shared = try await sharer.post("/_share")
            let page = try await sharer.get(try #require(shared.headers[.location]))
            #expect(page.status == .gone)
            #expect(page.text.contains("This share link expired"))
            let id = try #require(shared.headers[.location]?.split(separator: "/").last)
            var recipient = Browser(client)
            let opened = try await recipient.get("/s/\(id)")
            #expect(opened.status == .gone)
            #expect(opened.text.contains("It opened until"))
        }
    }

    @Test("a session whose click path is full cannot share, and the page says why")
    func fullPathIsNotShared() async throws {
        try await withLabServer(configure: { $0.maxClickPathEntries = 2 }) { client in
            var browser = Browser(client)
            var page = try await browser.open()
            for _ in 0..<2 { page = try await browser.click("Next", on: page) }
            #expect(try await browser.post("/_share").status == .seeOther, "two entries: the path is whole")
            page = try await browser.click("Next", on: page)
            #expect(page.heading == "Page 4", "the session goes on")

            let refused = try await browser.post("/_share")

            #expect(refused.status == .conflict)
            #expect(refused.text.contains("This session did more than 2 things"))
        }
    }

    /// The rows of the `entries` table: what sessions stored themselves.
    private static func entryRows(_ file: String) throws -> Int {
        try DatabaseQueue(path: file).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entries") ?? 0 }
    }
}
