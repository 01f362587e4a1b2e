import FlowCrawl
import Foundation
import HTMLPages
import HTMLPresenter

extension SessionHost {
    /// The live map: crawled (in windows of its own) with the templates as last loaded, once per
    /// version of them, and laid out; see ``ServedFlowMap``.
    func liveMap() async throws -> LiveMap {
        try await flowMap.value { [app, renderer] in
            let crawl = try await Crawler(app: app, templates: renderer.templates).crawl()
            let traffic = TrafficMap(crawl: crawl, deepLinks: app.deepLinks)
            let dot = crawl.map.storyboard.dot { MapPage.anchor(ofScreen: $0) }
            let svg = await Self.layOut(dot)
            return LiveMap(crawl: crawl, traffic: traffic, svg: try? svg.get(), problem: svg.failure)
        }
    }

    /// The figures of the sessions used `since` (all when nil), at most
    /// ``WebHostConfiguration/trafficSessions`` of them, the most recently used, on `live`: read
    /// from the store and folded off the main actor, at most once per
    /// ``WebHostConfiguration/trafficRefreshInterval``.
    func traffic(since: Date?, on live: LiveMap) async throws -> CountedTraffic {
        let limit = configuration.trafficSessions
        return try await traffic.value(for: CountedTraffic.Key(map: live.id, since: since)) { [paths] in
            let walks = try await paths.sessionPaths(usedSince: since, limit: limit).map(live.traffic.walk)
            return CountedTraffic(walks: walks, figures: live.traffic.figures(of: walks))
        }
    }

    /// The live map's page: the storyboard with its thumbnails and `traffic` drawn over it.
    func mapPage(_ live: LiveMap, traffic: MapTraffic) -> String {
        var page = MapPage(
            map: live.map, svg: live.svg, problem: live.problem, stylesheetURL: FlowHostRoute.mapStylesheet.url,
            link: nil, thumbnail: { FlowHostRoute.mapThumbnail(state: $0).url }, traffic: traffic,
            comments: openCommentsByScreen)
        page.newStudyURL = FlowHostRoute.newStudy.url
        return page.html
    }

    /// The page of `live`'s state `state` as its thumbnail shows it: as the state showed it, its
    /// actions leading nowhere; nil for no such state.
    func thumbnailPage(ofState state: Int, in live: LiveMap) throws(RenderError) -> String? {
        guard live.pages.indices.contains(state) else { return nil }
        var links = PageLinks.served
        links.script = nil
        links.actions = .post(urlPrefix: "#")
        return try renderer.render(live.pages[state].tree, links: links)
    }

    /// Graphviz's SVG of `dot`, laid out by a process waited for on a thread of its own: not on the
    /// main actor, nor on one of the cooperative pool's threads (two on a 2-core machine), which
    /// requests would wait for while `dot` runs.
    private nonisolated static func layOut(_ dot: String) async -> Result<String, Graphviz.Failure> {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result { () throws(Graphviz.Failure) in try Graphviz.svg(from: dot) })
            }
        }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
