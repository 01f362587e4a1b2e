import FlowCrawl
import HTMLPresenter

extension SessionHost {
    /// The live flow map's page: crawled (in windows of its own) with the templates as last
    /// loaded, once per version of them; see ``ServedFlowMap``.
    func mapPage() async throws -> String {
        try await flowMap.html { [app, renderer] in
            let map = try await Crawler(app: app, templates: renderer.templates).crawl().map
            let dot = map.storyboard.dot { MapPage.anchor(ofScreen: $0) }
            let svg = await Self.layOut(dot)
            return MapPage(
                map: map, svg: try? svg.get(), problem: svg.failure, stylesheetURL: FlowHostRoute.mapStylesheet.url,
                link: nil
            ).html
        }
    }

    /// Graphviz's SVG of `dot`, laid out off the main actor (`dot` runs as a process).
    private nonisolated static func layOut(_ dot: String) async -> Result<String, Graphviz.Failure> {
        Result { () throws(Graphviz.Failure) in try Graphviz.svg(from: dot) }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
