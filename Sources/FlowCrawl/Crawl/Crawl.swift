/// A finished crawl: the map, and the page of each state for the static export.
public struct Crawl: Sendable, Equatable {
    /// States, edges, entries.
    public let map: FlowMap
    /// The page of each state, by state number.
    public let pages: [CrawledPage]
}
