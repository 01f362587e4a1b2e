import HTMLPresenter
import HTTPTypes
import HummingbirdTesting
import Testing
import WebHost

@Suite("The flow map of a running server")
struct FlowMapRouteTests {
    @Test("/_flowhost/map crawls the app in windows of its own: no session starts, a page's session stays where it is")
    func mapOfTheRunningApp() async throws {
        #expect(FlowHostRoute(path: "/_flowhost/map", query: nil) == .map)
        #expect(FlowHostRoute.map.url == "/_flowhost/map")
        try await withLabServer { client in
            var visitor = Browser(client)
            let map = try await visitor.get("/_flowhost/map")
            #expect(map.status == .ok)
            #expect(map.headers[.contentType] == "text/html; charset=utf-8")
            #expect(map.text.contains("<h1>Storyboard</h1>"))
            #expect(map.text.contains("Page 1"), "the lab app's first screen is a state")
            #expect(map.text.contains(#"href="\#(FlowHostRoute.mapStylesheet.url)""#))
            #expect(visitor.sessionCookie == nil, "the map starts no session")

            var person = Browser(client)
            let page = try await person.open()
            #expect(page.heading == "Page 1")
            let again = try await visitor.get("/_flowhost/map")
            #expect(again.text == map.text, "the map is crawled once")
            #expect(try await person.get("/_flowhost/map").text.contains("You are here"))
            #expect(try await person.open().heading == "Page 1")

            let stylesheet = try await visitor.get(FlowHostRoute.mapStylesheet.url)
            #expect(stylesheet.status == .ok)
        }
    }
}
