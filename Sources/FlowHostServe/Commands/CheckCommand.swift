import ArgumentParser
import Foundation
import HTMLPresenter

/// `check [FOLDER]`: validates every template of the app (or of a folder).
public struct CheckCommand: ParsableCommand {
    /// Its name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every template (mustache syntax, HTML structure).",
        discussion: "Prints one file:line:col: message line per problem and exits non-zero if there is any.")

    @Argument(help: "The templates folder. (default: the app's, Templates in its package or the current folder)")
    var templates: String?

    /// Made by ArgumentParser.
    public init() {}

    /// Checks the templates and says how many there are.
    public func run() throws {
        let folder = try templates ?? AppDefinition.required.defaultFolders().templates.relativePath
        do {
            let library = try TemplateLibrary(directory: folder)
            print("\(folder): \(library.names.count) templates, no problems")
        } catch {
            for message in error.messages {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            throw ExitCode.failure
        }
    }
}
