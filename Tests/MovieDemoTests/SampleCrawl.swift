import FlowCrawl
import Foundation
import MovieDemo

/// Crawls of the sample, each made once and shared by the suites that read it.
@MainActor
enum SampleCrawl {
    private static var crawls: [CrawlOptions: Task<Crawl, any Error>] = [:]

    /// The sample crawled within `options` (the defaults unless given); `fresh` crawls again.
    static func crawl(_ options: CrawlOptions = CrawlOptions(), fresh: Bool = false) async throws -> Crawl {
        if !fresh, let crawl = crawls[options] { return try await crawl.value }
        let crawl = Task { try await Crawler(app: DemoDriver.app, options: options).crawl() }
        if !fresh { crawls[options] = crawl }
        return try await crawl.value
    }

    /// The sample with its posters, as `flowhost export` exports it.
    static let appWithPublicFiles = try! MovieDemo.app(
        templates: DemoDriver.root.appending(path: "Templates").path,
        publicDirectory: DemoDriver.root.appending(path: "Public"))

    /// Bounds that keep the export tests quick: the screens reached in three steps.
    static var small: CrawlOptions {
        var options = CrawlOptions()
        options.maxSteps = 3
        return options
    }
}
