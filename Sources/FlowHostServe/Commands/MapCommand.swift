import ArgumentParser
import FlowCrawl
import Foundation

/// `map [--format json|dot|svg] [--states]`: the app's storyboard (or its state graph), for other tools.
public struct MapCommand: AsyncParsableCommand {
    /// Its name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Crawl the app and print its storyboard: every kind of screen once and the segues between them.",
        discussion: """
            json lists the screens and segues of the storyboard, and the states (each with its click path from \
            the start) and edges of the crawl; dot is Graphviz's language; svg is dot's layout (needs Graphviz: \
            apt-get install graphviz). dot and svg draw the storyboard, or with --states every state and action.
            """)

    /// What to print.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, dot, svg
    }

    @Option(help: "What to print: json, dot or svg.")
    var format = Format.json

    @Flag(help: "Draw every state and every action (dot, svg) instead of the storyboard's screens and segues.")
    var states = false

    @OptionGroup var crawlArguments: CrawlArguments

    /// Made by ArgumentParser.
    public init() {}

    /// Crawls and prints the map.
    public func run() async throws {
        let app = try crawlArguments.app()
        let map = try await crawlArguments.bounds.crawl(app).map
        let dot = states ? map.dot() : map.storyboard.dot()
        switch format {
        case .json:
            FileHandle.standardOutput.write(map.json())
            print()
        case .dot:
            print(dot, terminator: "")
        case .svg:
            do {
                print(try Graphviz.svg(from: dot), terminator: "")
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                throw ExitCode(69)
            }
        }
    }
}
