import FlowCrawl
import FlowHostApp
import FlowTesting
import Foundation
import HTMLPresenter
import Testing

@testable import MovieDemo

/// The crawler on the sample: every screen is reached, and the same build gives the same map.
@MainActor
@Suite("Crawling the sample", .serialized)
struct CrawlerTests {
    @Test("every screen of the sample is a state of the map")
    func everyScreen() async throws {
        let crawl = try await SampleCrawl.crawl()
        let map = crawl.map
        let renderer = PageRenderer(templates: DemoDriver.app.templates)
        func pages(_ template: String, title: String? = nil) -> [String] {
            map.states.filter { $0.template == template && (title == nil || $0.title == title) }
                .map { (try? renderer.render(crawl.pages[$0.id].tree, links: .snapshot)) ?? "" }
        }
        #expect(map.states.first?.template == "login/login")
        #expect(pages("login/login").contains { $0.contains("Enter your email address.") }, "the empty sign-in's error")
        for template in [
            "movies/list", "movies/detail", "movies/person", "rating/rate", "rating/thanks", "stack/timer",
            "profile/profile",
        ] {
            #expect(!pages(template).isEmpty, "\(template)")
        }
        for title in ["Restricted", "Log out?", "Add to Watched?"] {
            #expect(!pages("alert", title: title).isEmpty, "the alert \(title)")
        }
        #expect(pages("watched/list").contains { !$0.contains(#"<ul class="list">"#) }, "the empty watched list")
        #expect(pages("watched/list").contains { $0.contains(#"<ul class="list">"#) }, "a watched list with movies")
        for letter in ["A", "B", "C", "D", "E"] {
            #expect(!pages("stack/letter", title: "Screen \(letter)").isEmpty, "stack \(letter)")
        }
        // The timer moves on by itself: its live move is an edge.
        let timers = Set(map.states.filter { $0.template == "stack/timer" }.map(\.id))
        #expect(map.edges.contains { timers.contains($0.from) && $0.action == nil && $0.to != nil })
        #expect(!pages("stack/letter", title: "Time's up").isEmpty, "the screen the timer moves to")
        // Each deep link example is an entry (signed out, each opens on the sign-in screen).
        #expect(map.entries.map(\.label) == ["start", "/link/movies/2", "/link/stack/C"])
    }

    @Test("every state's click path replays in a fresh window to that state's page")
    func clickPathsReplay() async throws {
        let crawl = try await SampleCrawl.crawl(SampleCrawl.small)
        let renderer = PageRenderer(templates: DemoDriver.app.templates)
        for state in crawl.map.states {
            let scene = SessionScene(app: DemoDriver.app)
            let replay = await scene.replay(state.clickPath)
            #expect(replay.stoppedBecause == nil, "state \(state.id)")
            let page = try renderer.render(scene.window.updatedScreenTree(), links: .snapshot)
            let crawled = try renderer.render(crawl.pages[state.id].tree, links: .snapshot)
            #expect(
                HTMLNormalizer.normalize(page) == HTMLNormalizer.normalize(crawled),
                "state \(state.id) (\(state.title))")
            scene.window.rootViewController = nil
        }
    }

    @Test("two crawls of the same build give the same map, byte for byte")
    func deterministic() async throws {
        let first = try await SampleCrawl.crawl()
        let second = try await SampleCrawl.crawl(fresh: true)
        #expect(second.map.states.count == first.map.states.count)
        #expect(second.map.edges.count == first.map.edges.count)
        #expect(second.map.json() == first.map.json())
    }

    @Test("the bounds cut the crawl and say so")
    func bounds() async throws {
        var options = CrawlOptions()
        options.maxStates = 10
        let crawl = try await SampleCrawl.crawl(options)
        #expect(crawl.map.states.count == 10)
        #expect(crawl.map.edges.contains { $0.to == nil && $0.cut?.contains("--max-states") == true })
        let small = try await SampleCrawl.crawl(SampleCrawl.small)
        #expect(small.map.states.contains { $0.cut?.contains("--max-steps") == true })
        #expect(small.map.edgesCut > 0)
    }
}
