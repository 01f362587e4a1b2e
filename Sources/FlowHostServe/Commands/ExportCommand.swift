import ArgumentParser
import FlowCrawl
import FlowHostApp
import Foundation

/// `export --out DIR`: the app as a static, clickable site, for people who will not run a server.
public struct ExportCommand: AsyncParsableCommand {
    /// Its name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Crawl the app and write it as a static site that opens from file:// or any static host.",
        discussion: """
            DIR/index.html is the start screen; every state is a page in the phone frame whose buttons link to \
            the state they lead to; DIR/map.html is the storyboard, each screen showing one of its pages (drawn \
            with Graphviz's dot: apt-get install graphviz). Links are relative: publish the folder anywhere. Without dot, everything else is still \
            written and the command exits 69. With --store, the comments a server kept there come along read-only: \
            pins and threads on the pages of their screen, DIR/comments.html, and a count per screen on the map.
            """)

    @Option(help: "The folder to write the site into (created if needed).")
    var out: String

    @Option(
        help: """
            Carry the comments kept in this click path store (as serve's --store: an SQLite file or a postgres:// \
            URL), read-only: nothing is created, moved aside or migrated, and a store that cannot be read exits 69. \
            Without it the export has no comments.
            """)
    var store: String?

    @OptionGroup var crawlArguments: CrawlArguments

    /// Made by ArgumentParser.
    public init() {}

    /// Crawls, writes the site and says where it is and how to open it.
    public func run() async throws {
        let comments = try await storedComments()
        let app = try crawlArguments.app()
        let crawl = try await crawlArguments.bounds.crawl(app)
        let directory = URL(filePath: out, directoryHint: .isDirectory)
        let result = try StaticExport(crawl: crawl, app: app, comments: comments).write(to: directory)
        let index = directory.appending(path: "index.html").standardizedFileURL
        for line in result.skipped { FileHandle.standardError.write(Data("warning: \(line)\n".utf8)) }
        FileHandle.standardError.write(
            Data(
                """
                wrote \(result.files) files to \(out), \(commentsLine(result.comments))
                open \(index.absoluteString) in a browser, or publish the folder on any static host

                """.utf8))
        if let problem = result.mapProblem {
            FileHandle.standardError.write(
                Data("error: \(problem); map.html lists the states without a picture\n".utf8))
            throw ExitCode(69)
        }
    }

    /// What the export says of its comments.
    private func commentsLine(_ count: Int?) -> String {
        guard let count, let store else { return "no comments (--store carries a server's)" }
        return "\(count) comment\(count == 1 ? "" : "s") from \(ReadOnlyStore.shown(store))"
    }

    /// The comments of `--store`, read before anything is crawled or written (a store that cannot
    /// be opened or read stops the export with exit status 69: ``ReadOnlyStore``); nil without it.
    private func storedComments() async throws -> [ScreenComment]? {
        guard let store else { return nil }
        let opened = try await ReadOnlyStore.openOrExit(store, environment: ProcessInfo.processInfo.environment)
        return try await ReadOnlyStore.read(store, from: opened) { try await $0.comments(askedBy: nil) }
    }
}
