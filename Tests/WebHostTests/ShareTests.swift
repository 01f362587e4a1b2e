import HTTPTypes
import Hummingbird
import HummingbirdTesting
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
