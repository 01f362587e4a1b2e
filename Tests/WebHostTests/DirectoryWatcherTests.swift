import Foundation
import Testing

@testable import WebHost

@Suite("Watching folders (inotify)", .timeLimit(.minutes(1)))
struct DirectoryWatcherTests {
    let root = FileManager.default.temporaryDirectory.appending(path: "flowhost-watch-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: root + "/movies", withIntermediateDirectories: true)
    }

    @Test("a file written in a folder under the watched one is reported by its path")
    func fileInSubfolder() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try DirectoryWatcher(directories: [root])
        try "<p>x</p>".write(toFile: root + "/movies/list.mustache", atomically: false, encoding: .utf8)
        let changed = try await firstBatch(of: watcher, containing: root + "/movies/list.mustache")
        #expect(changed.allSatisfy { $0.hasPrefix(root) })
    }

    @Test("a folder made after the watch started is watched too")
    func newFolder() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try DirectoryWatcher(directories: [root])
        try FileManager.default.createDirectory(atPath: root + "/profile", withIntermediateDirectories: false)
        _ = try await firstBatch(of: watcher, containing: root + "/profile")
        try "<p>x</p>".write(toFile: root + "/profile/edit.mustache", atomically: false, encoding: .utf8)
        _ = try await firstBatch(of: watcher, containing: root + "/profile/edit.mustache")
    }

    @Test("an editor's scratch files are not reported; a save by rename is")
    func scratchFiles() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try DirectoryWatcher(directories: [root])
        for name in [".list.mustache.swp", "list.mustache~", "4913"] {
            try "x".write(toFile: root + "/movies/" + name, atomically: false, encoding: .utf8)
        }
        // atomically: written to a hidden file beside it, then renamed over it
        try "<p>y</p>".write(toFile: root + "/movies/list.mustache", atomically: true, encoding: .utf8)
        let batches = try await batches(of: watcher, until: root + "/movies/list.mustache")
        #expect(batches.joined().allSatisfy { !DirectoryWatcher.isScratch(($0 as NSString).lastPathComponent) })
    }

    @Test("a folder that is not there is an error naming it")
    func missingFolder() {
        #expect(throws: DirectoryWatcherError.cannotWatch(root + "/nope", "No such file or directory")) {
            try DirectoryWatcher(directories: [root + "/nope"])
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    private func firstBatch(of watcher: DirectoryWatcher, containing path: String) async throws -> Set<String> {
        try #require(try await batches(of: watcher, until: path).last)
    }

    /// The batches up to the first that holds `path`.
    private func batches(of watcher: DirectoryWatcher, until path: String) async throws -> [Set<String>] {
        var seen: [Set<String>] = []
        for await batch in watcher.changes {
            seen.append(batch)
            if batch.contains(path) { return seen }
        }
        Issue.record("the watcher stopped before reporting \(path); it reported \(seen)")
        return seen
    }
}
