import FlowHostApp
import Foundation
import Testing

@Suite("AppFolders finds a package's templates and public files")
struct AppFoldersTests {
    /// A package folder in a fresh temporary folder: `Package.swift`, `Templates/`, maybe `Public/`.
    func makePackage(withPublic: Bool) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "AppFoldersTests-\(UUID())")
        try FileManager.default.createDirectory(
            at: root.appending(path: "Sources/App/Screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appending(path: "Templates"), withIntermediateDirectories: true)
        if withPublic {
            try FileManager.default.createDirectory(
                at: root.appending(path: "Public"), withIntermediateDirectories: true)
        }
        try Data("// swift-tools-version: 6.1\n".utf8).write(to: root.appending(path: "Package.swift"))
        return root
    }

    @Test("from a file deep in the package, the folders are the package root's")
    func fromASourceFile() throws {
        let root = try makePackage(withPublic: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let folders = try AppFolders(packageContaining: root.appending(path: "Sources/App/Screens/List.swift").path)
        #expect(
            folders.templates.standardizedFileURL.path == root.appending(path: "Templates").standardizedFileURL.path)
        #expect(
            folders.publicDirectory?.standardizedFileURL.path == root.appending(path: "Public").standardizedFileURL.path
        )
    }

    @Test("a package without Public/ serves no static files")
    func withoutPublic() throws {
        let root = try makePackage(withPublic: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let folders = try AppFolders(packageContaining: root.appending(path: "Sources/App/main.swift").path)
        #expect(folders.publicDirectory == nil)
    }

    @Test("a file in no package is an error that says what to do")
    func noPackage() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "AppFoldersTests-\(UUID())/deep/main.swift")
        let error = #expect(throws: AppFoldersError.self) { try AppFolders(packageContaining: file.path) }
        #expect(
            error?.description
                == "\(file.path): no folder above it holds a Package.swift; give the templates and public folders explicitly"
        )
    }
}
