import FlowHostApp
import Foundation
import Testing

@testable import FlowHostSQLite

/// The SQLite store's write-ahead log under steady appends: it starts over at its bound instead of
/// growing with every click, and nothing appended is lost to that.
@Suite("The SQLite store's log")
struct SQLiteLogBoundTests {
    /// The bound these tests give the log, in pages: small, so that a few thousand appends pass it
    /// many times over.
    private static let maxLogFrames = 200
    /// The bytes a log of `frames` pages takes: a header, then each page with its 24-byte header.
    private static func logBytes(frames: Int) -> Int { 32 + frames * (4_096 + 24) }

    @Test(
        "under steady appends from many sessions, the log's file stays within its bound and keeps every click",
        arguments: [SQLiteAppendLeaderTests.Writers.standard, .everyTransactionSlow])
    func logStaysBounded(writers: SQLiteAppendLeaderTests.Writers) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "store.sqlite").path
        let store = try SQLiteClickPathStore(
            path: path, limits: ClickPathStoreLimits(), patience: .seconds(5),
            environment: ProcessInfo.processInfo.environment, maxLogFrames: Self.maxLogFrames,
            leaderBounds: writers.bounds)
        let (sessions, clicks) = (64, 50)
        let click = ClickPath.Entry.deepLink("movies/" + String(repeating: "x", count: 200))
        // The log's file is cut back when it starts over: watch it meanwhile too.
        let watcher = Task {
            var largest = 0
            while !Task.isCancelled {
                largest = max(largest, Self.fileSize(path + "-wal"))
                try? await Task.sleep(for: .milliseconds(2))
            }
            return largest
        }

        // Every session clicks one click after the other, all of them at once: the writer is never
        // idle long enough for the background checkpoints to catch up on their own.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for session in 0..<sessions {
                group.addTask {
                    for position in 0..<clicks {
                        try await store.append([click], toSession: "s\(session)", at: position)
                    }
                }
            }
            try await group.waitForAll()
        }
        watcher.cancel()
        let largestLog = await watcher.value

        // The writer waits for a checkpoint at twice the bound at the latest, and a transaction of
        // at most 64 appends writes a page or two each: the log never holds three times the bound.
        // Unbounded, these 3,200 appends' transactions write several times that.
        let bound = Self.logBytes(frames: 3 * Self.maxLogFrames)
        #expect(Self.fileSize(path + "-wal") <= bound)
        #expect(largestLog <= bound)
        for session in 0..<sessions {
            #expect(
                try await store.path(ofSession: "s\(session)") == ClickPath(Array(repeating: click, count: clicks)))
        }
    }

    private static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
