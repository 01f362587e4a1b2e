import FlowCrawl
import Foundation

/// The live map's traffic as counted at one time (``SessionHost/traffic(since:on:)``, kept in a
/// ``FiguresCache``): the stored sessions' paths walked on the crawl, and their figures.
struct CountedTraffic: Sendable {
    /// What the figures were counted for: the crawl (its templates' generation) and `since`.
    struct Key: Hashable, Sendable {
        let map: Int
        let since: Date?
    }

    let walks: [PathWalk]
    let figures: TrafficFigures
}
