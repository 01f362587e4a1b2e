import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Navigation through the browser")
struct NavigationTests {
    @Test("GET / starts a session, sets its cookie and redirects to the screen on top")
    func rootRedirectsToCurrentScreen() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let root = try await browser.get("/")
            #expect(root.status == .seeOther)
            let location = try #require(root.headers[.location])
            #expect(location.wholeMatch(of: /\/screen\/\d+/) != nil)
            let cookie = try #require(root.headers[values: .setCookie].first { $0.hasPrefix("flowhost_session=") })
            #expect(cookie.contains("; Path=/") && cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Lax"))
            #expect(!cookie.contains("Secure"))
            #expect(cookie.wholeMatch(of: /flowhost_session=[0-9a-f]{32};.*/) != nil)

            let page = try await browser.get(location)
            #expect(page.status == .ok)
            #expect(page.heading == "Page 1")
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
        }
    }

    @Test("the cookie is Secure when configured")
    func secureCookie() async throws {
        try await withLabServer(configure: { $0.secureCookies = true }) { client in
            let root = try await client.executeRequest(uri: "/", method: .get, headers: [:], body: nil)
            #expect(root.headers[values: .setCookie].allSatisfy { $0.split(separator: "; ").contains("Secure") })
        }
    }

    @Test("an action answers 303 to the screen now on top, which has its own URL")
    func actionRedirectsToNewScreen() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let first = try await browser.open()
            let next = try await browser.post(try #require(first.action("Next")))
            #expect(next.status == .seeOther)
            let second = try await browser.get(try #require(next.headers[.location]))
            #expect(second.heading == "Page 2")
            #expect(second.action("Page 1") != nil, "the navigation bar offers Back labelled with the previous title")
        }
    }

    @Test("an action posted as flowhost.js posts it answers the new screen's page itself, which names its own URL")
    func actionAnsweredWithThePage() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let first = try await browser.open()
            let firstURL = try #require(first.text.firstMatch(of: /data-url="(\/screen\/\d+)"/)?.1)
            let action = try #require(first.action("Next"))
            let second = try await browser.post(action + "?answer=page")
            #expect(second.status == .ok)
            #expect(second.heading == "Page 2")
            #expect(second.headers[.cacheControl] == "no-store")
            // The page names the screen's own URL, which the script puts in the address bar: a GET
            // of it (a reload) shows the same screen and changes nothing.
            let secondURL = try #require(second.text.firstMatch(of: /data-url="(\/screen\/\d+)"/)?.1)
            #expect(secondURL != firstURL)
            #expect(try await browser.get("/").headers[.location].map { $0[...] } == secondURL)
            #expect(try await browser.get(String(secondURL)).heading == "Page 2")
            // As with a 303, the browser is told how long the stored path is now.
            #expect(second.headers[values: .setCookie].contains { $0.hasPrefix("flowhost_at=") })
            // Posted again (a double click), it answers the page it led to and is taken once.
            let again = try await browser.post(action + "?answer=page")
            #expect(again.status == .ok && again.heading == "Page 2")
            #expect(try await browser.get("/").headers[.location].map { $0[...] } == secondURL)
            // Without the query, the same kind of action answers 303, as without JavaScript.
            let next = try await browser.post(try #require(second.action("Next")))
            #expect(next.status == .seeOther)
        }
    }

    @Test("Back to a held screen pops to it; Forward to the popped one opens it again; an unknown one changes nothing")
    func backAndForward() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            _ = try await browser.get("/")
            let firstURL = try #require(try await browser.get("/").headers[.location])
            let second = try await browser.click("Next", on: try await browser.get(firstURL))
            let secondURL = try #require(try await browser.get("/").headers[.location])
            #expect(second.heading == "Page 2" && secondURL != firstURL)

            let back = try await browser.get(firstURL)
            #expect(back.status == .ok)
            #expect(back.heading == "Page 1")
            #expect(try await browser.get("/").headers[.location] == firstURL, "the coordinator popped to page 1")

            let forged = try await browser.get("/screen/999")
            #expect(forged.status == .seeOther, "an address the session never showed changes nothing")
            #expect(forged.headers[.location] == firstURL)

            let forward = try await browser.get(secondURL)
            #expect(forward.status == .seeOther, "page 2 was popped: it is never shown as live again")
            let redoneURL = try #require(forward.headers[.location])
            #expect(redoneURL != firstURL && redoneURL != secondURL, "Forward opened page 2 again, anew")
            #expect(try await browser.get(redoneURL).heading == "Page 2")
            #expect(try await browser.get("/").headers[.location] == redoneURL)
        }
    }

    @Test("a link from another site to a held screen shows the screen on top and changes nothing")
    func anotherSiteChangesNothing() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            _ = try await browser.get("/")
            let firstURL = try #require(try await browser.get("/").headers[.location])
            _ = try await browser.click("Next", on: try await browser.get(firstURL))
            let secondURL = try #require(try await browser.get("/").headers[.location])

            for site in ["cross-site", "same-site"] {
                let linked = try await browser.get(firstURL, headers: [HTTPField.Name("Sec-Fetch-Site")!: site])
                #expect(linked.status == .seeOther, "\(site)")
                #expect(linked.headers[.location] == secondURL, "\(site): to the screen on top")
                #expect(try await browser.get("/").headers[.location] == secondURL, "\(site): nothing popped")
            }
            // A share link's redirect arrives as cross-site: the screen on top is served, no loop.
            let onTop = try await browser.get(secondURL, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(onTop.status == .ok && onTop.heading == "Page 2")
            let back = try await browser.get(firstURL, headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            #expect(back.heading == "Page 1", "the browser's own Back still pops")
        }
    }

    @Test("Back to the screen under a sheet dismisses the sheet")
    func backDismissesSheet() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let first = try await browser.open()
            let firstURL = try #require(try await browser.get("/").headers[.location])
            let sheet = try await browser.click("Sheet", on: first)
            #expect(sheet.action("Close") != nil)

            let back = try await browser.get(firstURL)
            #expect(back.status == .ok)
            #expect(back.action("Close") == nil)
            #expect(back.action("Next") != nil)
        }
    }

    @Test("field errors answer 422 with the same screen, the message and what was typed")
    func formErrors() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let refused = try await browser.post(try #require(page.action("Rename")), form: "name=A")
            #expect(refused.status == .unprocessableContent)
            #expect(refused.heading == "Page 1")
            #expect(refused.text.contains("A name has at least two letters."))
            #expect(refused.text.contains(#"name="name" value="A""#))

            let accepted = try await browser.click("Rename", on: refused, form: "name=Ada+Lovelace%21")
            #expect(accepted.status == .ok)
            #expect(accepted.text.contains(#"<p class="name">Ada Lovelace!</p>"#))
        }
    }

    @Test("a deep link navigates and redirects to its screen; an unknown link answers 404")
    func deepLinks() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let link = try await browser.get("/link/page/7")
            #expect(link.status == .seeOther)
            #expect(
                link.headers[values: .setCookie].contains {
                    $0.hasPrefix("flowhost_at=1-\(browser.sessionCookie?.prefix(8) ?? "");")
                },
                "a change made by a GET tells the browser the path's length, as an action's answer does")
            #expect(try await browser.get(try #require(link.headers[.location])).heading == "Page 7")

            for unknown in ["/link/nowhere", "/link/page/seven", "/link/page/7/8", "/link/"] {
                let response = try await browser.get(unknown)
                #expect(response.status == .notFound, "\(unknown)")
                #expect(response.text.contains("Link not found"))
            }
            #expect(try await browser.open().heading == "Page 7", "unknown links changed nothing")
        }
    }

    @Test("two sessions do not see each other's state")
    func sessionsAreSeparate() async throws {
        try await withLabServer { client in
            var ada = Browser(client)
            var bob = Browser(client)
            _ = try await ada.click("Next", on: try await ada.open())
            #expect(try await bob.open().heading == "Page 1")
            #expect(try await ada.open().heading == "Page 2")
            #expect(ada.sessionCookie != bob.sessionCookie)
        }
    }

    @Test("a cookie the server did not issue, or a malformed one, starts a new session with a new id")
    func clientChosenIdsAreNotAdopted() async throws {
        try await withLabServer { client in
            for chosen in ["0123456789abcdef0123456789abcdef", "not-a-session", "", "0123456789ABCDEF0123456789ABCDEF"]
            {
                var browser = Browser(client, sessionCookie: chosen)
                let response = try await browser.get("/")
                #expect(response.status == .seeOther)
                let issued = try #require(browser.sessionCookie)
                #expect(issued != chosen && issued.count == 32, "\(chosen)")
            }
        }
    }

    @Test("/healthz answers ok")
    func health() async throws {
        try await withLabServer { client in
            let response = try await client.executeRequest(uri: "/healthz", method: .get, headers: [:], body: nil)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "ok")
            #expect(response.headers[values: .setCookie].isEmpty, "health checks start no session")
        }
    }
}
