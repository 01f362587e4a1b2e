import Foundation

/// Where an app's files are: its templates and its static files. A prototype, its server and its
/// tests find them from their package (``init(packageContaining:)``), so they run from any working
/// directory, and the templates stay files that can be edited while the server runs.
///
/// ```swift
/// let folders = try AppFolders(packageContaining: #filePath)
/// let templates = try TemplateLibrary(directory: folders.templates.path)
/// ```
public struct AppFolders: Sendable, Equatable {
    /// The folder of the app's mustache templates.
    public var templates: URL
    /// The folder served at `/public/`, if any.
    public var publicDirectory: URL?

    /// The folders given.
    public init(templates: URL, publicDirectory: URL? = nil) {
        self.templates = templates
        self.publicDirectory = publicDirectory
    }

    /// `Templates/` and `Public/` (when it exists) of `root`.
    public init(root: URL) {
        templates = root.appending(path: "Templates", directoryHint: .isDirectory)
        let publicDirectory = root.appending(path: "Public", directoryHint: .isDirectory)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: publicDirectory.path, isDirectory: &isDirectory)
        self.publicDirectory = exists && isDirectory.boolValue ? publicDirectory : nil
    }

    /// `Templates/` and `Public/` (when it exists) of the Swift package whose folder holds
    /// `filePath` (pass `#filePath`): the nearest folder above it with a `Package.swift`.
    ///
    /// - Throws: ``AppFoldersError`` when no folder above `filePath` holds a `Package.swift` (a
    ///   binary moved away from its sources: give the folders explicitly).
    public init(packageContaining filePath: String) throws(AppFoldersError) {
        var folder = URL(filePath: filePath).standardizedFileURL.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appending(path: "Package.swift").path) {
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { throw AppFoldersError(filePath: filePath) }
            folder = parent
        }
        self.init(root: folder)
    }
}
