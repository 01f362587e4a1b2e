import ArgumentParser
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
        try await options.run(appName: "the sample", defaultFolders: Self.currentFolder) { folders in
            // relativePath: template errors name the files as they were given (`Templates/...`).
            try MovieDemo.app(templates: folders.templates.relativePath, publicDirectory: folders.publicDirectory)
        }
    }

    /// The sample's folders are `Templates` and `Public` of the current folder (the repository root).
    static func currentFolder() -> AppFolders {
        var folders = AppFolders(root: URL(filePath: FileManager.default.currentDirectoryPath))
        folders.templates = URL(filePath: "Templates")
        return folders
    }
}
