import ArgumentParser
import FlowCrawl
import Foundation

/// `flowhost export`: the sample as a static, clickable site.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Crawl the sample and write it as a static site that opens from file:// or any static host.",
        discussion: """
            DIR/index.html is the start screen; every state is a page in the phone frame whose buttons link to \
            the state they lead to; DIR/map.html is the flow map (drawn with Graphviz's dot: apt-get install \
            graphviz). Without dot, everything else is still written and the command exits 69.
            """)

    @Option(help: "The folder to write the site into (created if needed).")
    var out: String

    @OptionGroup var crawlArguments: CrawlArguments

    func run() async throws {
        let app = try crawlArguments.app()
        let crawl = try await crawlArguments.crawl(app)
        let directory = URL(filePath: out, directoryHint: .isDirectory)
        let result = try StaticExport(crawl: crawl, app: app).write(to: directory)
        FileHandle.standardError.write(Data("wrote \(result.files) files to \(out)\n".utf8))
        if let problem = result.mapProblem {
            FileHandle.standardError.write(
                Data("error: \(problem); map.html lists the states without a picture\n".utf8))
            throw ExitCode(69)
        }
    }
}
