import ArgumentParser
import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPresenter

/// `check [FOLDER] [--strict-names]`: validates every template of the app (or of a folder), then
/// crawls the app and checks that its templates and view models agree on names.
public struct CheckCommand: AsyncParsableCommand {
    /// Its name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every template (mustache syntax, HTML structure) and the names its screens read.",
        discussion: """
            Prints one file:line:col: message line per problem and exits 65 if there is any. Then crawls the app \
            (as export does) and warns, as file:line:col: warning: message, of each name a template reads that no \
            crawled state fills ({{nmae}}), each value a view model gives that its template never reads, and each \
            partial that is no template. A name that only some states fill is marked in its template: \
            {{! optional: NAME }}. With --strict-names the warnings are errors (exit 65), for CI.
            """)

    @Argument(help: "The templates folder. (default: the app's, Templates in its package or the current folder)")
    var templates: String?

    @Flag(help: "Report the names that do not agree as errors and exit 65 if there is any (for CI).")
    var strictNames = false

    @OptionGroup var bounds: CrawlBounds

    /// Made by ArgumentParser.
    public init() {}

    /// Checks the templates, then the names of every crawled state, and says what it found.
    public func run() async throws {
        let definition = AppDefinition.required
        let folders = try AppFolders.resolving(
            templates: templates, public: nil, defaultFolders: definition.defaultFolders)
        let folder = templates ?? folders.templates.relativePath
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(directory: folder)
        } catch {
            for message in error.messages { Self.report(message) }
            throw ExitCode(65)
        }
        let app: WebApp
        do {
            app = try definition.make(folders)
        } catch {
            Self.report(String(describing: error))
            throw ExitCode(65)
        }
        let findings: [TemplateNameFinding]
        do {
            let crawl = try await bounds.crawl(app)
            findings = crawl.nameFindings(templates: app.templates)
        } catch let error as RenderError {
            Self.report("error: \(error)")
            throw ExitCode(65)
        }
        let severity = strictNames ? "error" : "warning"
        for finding in findings { Self.report("\(finding.location): \(severity): \(finding.message)") }
        if findings.contains(where: { $0.kind == .neverFilled }) {
            Self.report("note: a name that only some states fill is marked in its template: {{! optional: NAME }}")
        }
        let templatesLine = "\(folder): \(library.names.count) templates, no problems"
        guard !findings.isEmpty else {
            print(templatesLine + "; every name they read is filled and every value given is read")
            return
        }
        let count = findings.count == 1 ? "1 name" : "\(findings.count) names"
        guard strictNames else {
            print(templatesLine + "; \(count) to look at (warnings above)")
            return
        }
        Self.report("\(folder): \(count) that templates and view models do not agree on (--strict-names)")
        throw ExitCode(65)
    }

    private static func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
