import ArgumentParser
import FlowHostApp
import FlowHostServe
import Foundation
import HTMLPresenter
import MovieDemo

/// `flowhost serve`: the sample app over HTTP, one coordinator per browser session.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the sample app; each browser session gets its own coordinator.")

    @OptionGroup var options: ServeOptions

    func run() async throws {
        try await options.run(appName: "the sample", defaultFolders: Self.currentFolder) { [options] folders in
            // relativePath: template errors name the files as they were given (`Templates/...`).
            try MovieDemo.app(
                templates: try Self.templates(in: folders.templates.relativePath, watch: options.watch),
                publicDirectory: folders.publicDirectory)
        }
    }

    /// The templates, checked. A problem stops the server with its `file:line:col: message` lines,
    /// unless `--watch` is given: then the server starts, and its pages show the problems until
    /// the files are fixed. A missing folder always stops it.
    static func templates(in folder: String, watch: Bool?) throws -> TemplateLibrary {
        var isDirectory: ObjCBool = false
        guard watch == true, FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return try TemplateLibrary(directory: folder) }
        let library = TemplateLibrary.loadingValid(directory: folder)
        if !library.problems.isEmpty {
            let lines = library.problems.map(\.description).joined(separator: "\n")
            FileHandle.standardError.write(
                Data((lines + "\nthe pages show these problems until the templates are fixed\n").utf8))
        }
        return library
    }

    /// The sample's folders are `Templates` and `Public` of the current folder (the repository root).
    static func currentFolder() -> AppFolders {
        var folders = AppFolders(root: URL(filePath: FileManager.default.currentDirectoryPath))
        folders.templates = URL(filePath: "Templates")
        return folders
    }
}
