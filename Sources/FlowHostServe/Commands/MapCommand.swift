import ArgumentParser
import FlowCrawl
import Foundation

/// `map [--format json|dot|svg]`: the app's flow map, for other tools.
public struct MapCommand: AsyncParsableCommand {
    /// Its name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Crawl the app and print its flow map: every screen state and every action between them.",
        discussion: """
            json lists the states (each with its click path from the start) and the edges; dot is Graphviz's \
            language; svg is dot's layout (needs Graphviz: apt-get install graphviz).
            """)

    /// What to print.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, dot, svg
    }

    @Option(help: "What to print: json, dot or svg.")
    var format = Format.json

    @OptionGroup var crawlArguments: CrawlArguments

    /// Made by ArgumentParser.
    public init() {}

    /// Crawls and prints the map.
    public func run() async throws {
        let app = try crawlArguments.app()
        let map = try await crawlArguments.crawl(app).map
        switch format {
        case .json:
            FileHandle.standardOutput.write(map.json())
            print()
        case .dot:
            print(map.dot(), terminator: "")
        case .svg:
            do {
                print(try Graphviz.svg(from: map.dot()), terminator: "")
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                throw ExitCode(69)
            }
        }
    }
}
