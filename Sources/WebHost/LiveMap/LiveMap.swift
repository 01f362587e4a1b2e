import FlowCrawl
import Synchronization

/// What `/_flowhost/map` keeps of one crawl of the running app (``ServedFlowMap``): the map, the
/// page of each state (for the thumbnails), the traffic map that folds stored paths onto it, and
/// the storyboard laid out by Graphviz (or why it could not be).
struct LiveMap: Sendable {
    /// Tells this crawl from the others of the process (figures are kept per crawl).
    let id: Int
    let map: FlowMap
    let pages: [CrawledPage]
    let traffic: TrafficMap
    let svg: String?
    let problem: Graphviz.Failure?

    private static let crawls = Atomic(0)

    /// The live map of `crawl`, laid out as `svg` or not for `problem`.
    init(crawl: Crawl, traffic: TrafficMap, svg: String?, problem: Graphviz.Failure?) {
        id = Self.crawls.wrappingAdd(1, ordering: .relaxed).newValue
        map = crawl.map
        pages = crawl.pages
        self.traffic = traffic
        self.svg = svg
        self.problem = problem
    }
}
