import Foundation
import HTMLPresenter
import Synchronization

/// `/_flowhost/map` of a running server: the app as built, crawled once in windows of its own (no
/// one's session is touched), laid out by Graphviz off the main actor, and kept.
final class ServedFlowMap: Sendable {
    private let app: WebApp
    private let page = Mutex<Task<String, any Error>?>(nil)

    init(app: WebApp) {
        self.app = app
    }

    /// The map page; the first request crawls, later ones (and those meanwhile) share the result.
    func html() async throws -> String {
        let task = page.withLock { page in
            if let page { return page }
            let app = app
            let task = Task { @MainActor in
                let map = try await Crawler(app: app).crawl().map
                let dot = map.dot()
                let svg = await Task.detached { Result { () throws(Graphviz.Failure) in try Graphviz.svg(from: dot) } }
                    .value
                return MapPage(
                    map: map, svg: try? svg.get(), problem: svg.failure,
                    stylesheetURL: FlowHostRoute.mapStylesheet.url, link: nil
                ).html
            }
            page = task
            return task
        }
        return try await task.value
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
