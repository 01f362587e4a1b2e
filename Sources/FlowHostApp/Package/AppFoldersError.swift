/// No `Package.swift` above a source file, so no package folders to find.
public struct AppFoldersError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file whose package was looked for.
    public let filePath: String

    /// What went wrong and what to do.
    public var description: String {
        "\(filePath): no folder above it holds a Package.swift; give the templates and public folders explicitly"
    }
}
