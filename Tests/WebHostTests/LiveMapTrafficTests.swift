import Foundation
import HTMLValidation
import HTTPTypes
import HummingbirdTesting
import Testing
import WebHost

/// Where people went, on a running server's map: figures over the sessions in the store, the
/// viewer's screen and path, a funnel, and the thumbnails; asked over the real router.
@Suite("Where people went, on the live map")
struct LiveMapTrafficTests {
    /// `/_flowhost/map.json` as a tool reads it: the storyboard's screens and segues with figures.
    struct MapJSON: Decodable {
        struct Screen: Decodable {
            let id: String
            let template: String
            let visits: Int
            let exits: Int
        }

        struct Segue: Decodable {
            let from: String?
            let to: String
            let kind: String
            let visits: Int
        }

        let screens: [Screen]
        let segues: [Segue]
        let states: [AnyDecodable]
        let edges: [AnyDecodable]

        func screen(_ template: String) throws -> Screen {
            try #require(screens.first { $0.template == template }, "no screen \(template)")
        }

        /// Sessions that took a segue of `kind` from the screen of `from` to that of `to`.
        func took(_ kind: String, from: String, to: String) throws -> Int {
            let (from, to) = (try screen(from).id, try screen(to).id)
            return segues.filter { $0.kind == kind && $0.from == from && $0.to == to }.map(\.visits).reduce(0, +)
        }
    }

    /// Any JSON value, for keys only counted.
    struct AnyDecodable: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Two people go Next twice (pages 1, 2, 3); one opens the sheet.
    private static func browse(_ client: any TestClientProtocol) async throws -> [Browser] {
        var browsers: [Browser] = []
        for _ in 0..<2 {
            var person = Browser(client)
            var page = try await person.open()
            page = try await person.click("Next", on: page)
            page = try await person.click("Next", on: page)
            #expect(page.heading == "Page 3")
            browsers.append(person)
        }
        var person = Browser(client)
        let page = try await person.open()
        _ = try await person.click("Sheet", on: page)
        browsers.append(person)
        return browsers
    }

    private static func mapJSON(_ browser: inout Browser, query: String = "") async throws -> MapJSON {
        let response = try await browser.get(FlowHostRoute.mapJSON.url + query)
        #expect(response.status == .ok, "\(response.text)")
        #expect(response.headers[.contentType] == "application/json")
        return try JSONDecoder().decode(MapJSON.self, from: Data(response.text.utf8))
    }

    @Test(
        "map.json is the storyboard with what the stored sessions did: who reached each screen, left it, took each segue"
    )
    func figuresAsJSON() async throws {
        #expect(FlowHostRoute(path: "/_flowhost/map.json", query: nil) == .mapJSON)
        try await withLabServer { client in
            _ = try await Self.browse(client)
            var tool = Browser(client)

            let map = try await Self.mapJSON(&tool)

            #expect(!map.states.isEmpty && !map.edges.isEmpty, "the same schema as flowhost map --format json")
            #expect(try map.screen("lab/page").visits == 3)
            #expect(try map.screen("lab/page").exits == 2)
            #expect(try map.screen("lab/sheet").visits == 1)
            #expect(try map.screen("lab/sheet").exits == 1)
            #expect(try map.screen("lab/about").visits == 0)
            #expect(try map.took("push", from: "lab/page", to: "lab/page") == 2, "Next, once a session however often")
            #expect(try map.took("present", from: "lab/page", to: "lab/sheet") == 1)
            #expect(map.segues.first { $0.kind == "start" }?.visits == 3)
            #expect(tool.sessionCookie == nil, "reading the figures starts no session")
        }
    }

    @Test("since a time: only the sessions used at or after it are counted")
    func since() async throws {
        try await withLabServer { client in
            _ = try await Self.browse(client)
            var tool = Browser(client)

            let all = try await Self.mapJSON(&tool, query: "?since=2000-01-01")
            let future = try await Self.mapJSON(&tool, query: "?since=2999-01-01T10%3A00")

            #expect(try all.screen("lab/page").visits == 3)
            #expect(future.screens.allSatisfy { $0.visits == 0 && $0.exits == 0 })
            #expect(future.segues.allSatisfy { $0.visits == 0 })
        }
    }

    @Test("the figures are computed at most once per interval: requests meanwhile share them")
    func cached() async throws {
        try await withLabServer(configure: { $0.trafficRefreshInterval = .seconds(3600) }) { client in
            var tool = Browser(client)
            var person = Browser(client)
            _ = try await person.click("Next", on: try await person.open())
            #expect(try await Self.mapJSON(&tool).screen("lab/page").visits == 1)

            _ = try await Self.browse(client)

            #expect(try await Self.mapJSON(&tool).screen("lab/page").visits == 1, "the figures of an hour ago")
            #expect(
                try await Self.mapJSON(&tool, query: "?since=2000-01-01").screen("lab/page").visits == 4,
                "another since is computed anew")
        }
        try await withLabServer(configure: { $0.trafficRefreshInterval = .zero }) { client in
            var tool = Browser(client)
            #expect(try await Self.mapJSON(&tool).screen("lab/page").visits == 0)
            _ = try await Self.browse(client)
            #expect(try await Self.mapJSON(&tool).screen("lab/page").visits == 3)
        }
    }

    @Test(
        "the map marks the viewer's screen \"You are here\" and draws its path; a visitor without a session sees none")
    func youAreHere() async throws {
        try await withLabServer { client in
            var browsers = try await Self.browse(client)

            let mine = try await browsers[0].get(FlowHostRoute.map.url)
            var visitor = Browser(client)
            let theirs = try await visitor.get(FlowHostRoute.map.url)

            #expect(mine.status == .ok)
            #expect(HTMLValidator.problems(in: mine.text) == [], "the live map is valid HTML, as every page is")
            #expect(mine.text.contains(##"class="you-are-here">You are here: <a href="#screen-"##))
            #expect(mine.text.contains(#"class="node here""#))
            #expect(mine.text.contains(">You are here</text>"))
            #expect(mine.text.contains(#"class="edge taken""#), "the path: Next")
            #expect(
                mine.text.contains(">3 reached · 2 left</text>"), "the pages' screen: three reached it, two left there")
            #expect(mine.text.contains(">2×</text>"), "Next, taken by two sessions")
            #expect(!theirs.text.contains("You are here"))
            #expect(!theirs.text.contains(#"class="edge taken""#))
            #expect(visitor.sessionCookie == nil, "the map starts no session")
        }
    }

    @Test("a funnel: how many that reached the first screen reached the second, in how many clicks")
    func funnel() async throws {
        try await withLabServer { client in
            _ = try await Self.browse(client)
            var tool = Browser(client)
            let map = try await Self.mapJSON(&tool)
            let (page, sheet) = (try map.screen("lab/page").id, try map.screen("lab/sheet").id)
            func encoded(_ id: String) -> String {
                id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
            }

            let response = try await tool.get(
                FlowHostRoute.map.url + "?since=&from=\(encoded(page))&to=\(encoded(sheet))")

            #expect(response.status == .ok, "\(response.text)")
            #expect(HTMLValidator.problems(in: response.text) == [])
            #expect(
                response.text.contains(
                    "of 3 sessions that reached lab/page, 1 reached Sheet afterwards in a median of 1 click;"))
            #expect(response.text.contains("1 directly (in 1, the shortest way), 0 by a longer way"))
            #expect(response.text.contains(#"<option value="\#(page)" selected>"#))
        }
    }

    @Test(
        "a query the map cannot read is answered 400 saying why, and starts nothing",
        arguments: [
            ("?since=yesterday", "since: 'yesterday' is not a time"),
            ("?since=2026-13-45", "is not a time"),
            ("?from=lab%2Fpage", "A funnel needs two screens"),
            ("?from=nowhere&to=elsewhere", "No screen 'nowhere' on this storyboard"),
            ("?zoom=2", "'zoom' is none of them"),
            ("?since=2026-01-01&since=2026-01-02", "'since' is given twice"),
        ])
    func badQueries(query: String, message: String) async throws {
        try await withLabServer { client in
            var visitor = Browser(client)
            for route in [FlowHostRoute.map, .mapJSON] {
                let response = try await visitor.get(route.url + query)
                #expect(response.status == .badRequest, "\(route.url + query)")
                #expect(response.text.replacing("&#39;", with: "'").contains(message), "\(response.text)")
            }
            #expect(visitor.sessionCookie == nil)
        }
    }

    @Test("each phone shows a thumbnail: the state's page, which only the server's own pages may frame")
    func thumbnails() async throws {
        #expect(FlowHostRoute(path: "/_flowhost/map/state/3", query: nil) == .mapThumbnail(state: 3))
        #expect(FlowHostRoute(path: "/_flowhost/map/state/x", query: nil) == .unknown)
        try await withLabServer { client in
            var visitor = Browser(client)
            let map = try await visitor.get(FlowHostRoute.map.url)
            let sources = map.text.matches(of: /<iframe src="([^"]+)"/).map { String($0.output.1) }
            let phones = map.text.matches(of: /<g id="phone_\d+" class="node/).count

            #expect(phones > 0 && sources.count == phones, "one thumbnail a phone")
            #expect(!map.text.contains(#"style=""#), "no inline style: the page's policy allows none")
            let thumbnail = try await visitor.get(try #require(sources.first))
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.text.contains("Page 1"))
            let policy = try #require(thumbnail.headers[.contentSecurityPolicy])
            #expect(policy.contains("frame-ancestors 'self'"))
            #expect(!policy.contains("frame-ancestors 'none'"))
            #expect(map.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(
                try await visitor.open().headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(try await visitor.get(FlowHostRoute.mapThumbnail(state: 99_999).url).status == .notFound)
        }
    }
}
