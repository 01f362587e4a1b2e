import FlowHostApp
import Foundation
import HTMLPresenter

extension AppFolders {
    /// The folders `--templates` and `--public` name where given (relative to the current folder),
    /// else `defaultFolders`' (computed only when needed; with `--templates` alone, a default that
    /// cannot be found means no public folder).
    static func resolving(templates: String?, public: String?, defaultFolders: () throws -> AppFolders) throws
        -> AppFolders
    {
        var folders: AppFolders
        if let templates {
            let defaults = `public` == nil ? try? defaultFolders() : nil
            folders = AppFolders(templates: URL(filePath: templates), publicDirectory: defaults?.publicDirectory)
        } else {
            folders = try defaultFolders()
        }
        if let folder = `public` { folders.publicDirectory = URL(filePath: folder, directoryHint: .isDirectory) }
        return folders
    }
}
