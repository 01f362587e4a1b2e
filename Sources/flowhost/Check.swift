import ArgumentParser
import Foundation
import HTMLPresenter

/// `flowhost check`: validates every template of a folder.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate every template (mustache syntax, HTML structure).",
        discussion: "Prints one file:line:col: message line per problem and exits non-zero if there is any.")

    @Argument(help: "The templates folder.")
    var templates = "Templates"

    func run() throws {
        do {
            let library = try TemplateLibrary(directory: templates)
            print("\(templates): \(library.names.count) templates, no problems")
        } catch {
            for message in error.messages {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            throw ExitCode.failure
        }
    }
}
