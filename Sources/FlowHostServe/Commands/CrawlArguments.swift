import ArgumentParser
import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPresenter

/// What `export` and `map` share: the app's folders and the crawl's bounds.
struct CrawlArguments: ParsableArguments {
    @Option(
        help: """
            The folder of the app's mustache templates, validated at start. (default: Templates, in the app's \
            package or the current folder)
            """)
    var templates: String?

    @Option(
        help:
            "A folder of static files the app uses at /public/. (default: Public, when it exists, in the app's package)"
    )
    var `public`: String?

    @OptionGroup var bounds: CrawlBounds

    /// The app, its templates validated: a broken template or a folder that does not exist exits 65
    /// with its messages, as `serve` does.
    func app() throws -> WebApp {
        let app = AppDefinition.required
        do {
            return try app.make(
                try AppFolders.resolving(templates: templates, public: self.public, defaultFolders: app.defaultFolders))
        } catch {
            FileHandle.standardError.write(Data((String(describing: error) + "\n").utf8))
            throw ExitCode(65)
        }
    }
}
