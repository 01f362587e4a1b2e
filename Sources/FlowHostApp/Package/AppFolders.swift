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
    /// The folder of the app's study files (`NAME.json`, ``StudyFile``), if any.
    public var studies: URL?

    /// The folders given.
    public init(templates: URL, publicDirectory: URL? = nil, studies: URL? = nil) {
        self.templates = templates
        self.publicDirectory = publicDirectory
        self.studies = studies
    }

    /// `Templates/`, and `Public/` and `Studies/` when they exist, of `root`.
    public init(root: URL) {
        templates = root.appending(path: "Templates", directoryHint: .isDirectory)
        func existing(_ name: String) -> URL? {
            let folder = root.appending(path: name, directoryHint: .isDirectory)
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
            return exists && isDirectory.boolValue ? folder : nil
        }
        publicDirectory = existing("Public")
        studies = existing("Studies")
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
