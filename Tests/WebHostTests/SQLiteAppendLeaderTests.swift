import FlowHostApp
import Foundation
import HTMLPresenter
import Testing

@testable import FlowHostSQLite

/// The SQLite store's appends from many tasks at once: whichever thread writes a transaction (an
/// append's own task leading, the writer queue after the leader's budget or a slow transaction),
/// every append is stored, in order within its session, and one refused append fails alone.
@Suite("The SQLite store's appends, led by their own tasks")
struct SQLiteAppendLeaderTests {
    /// Who writes the transactions.
    enum Writers: String, CaseIterable, CustomTestStringConvertible {
        /// As a server runs.
        case standard
        /// A leader writes its own append only; the writer queue writes all that queued meanwhile.
        case leaderWritesItsOwnOnly
        /// A leader writes everything that queues while it writes, however long.
        case leaderWritesAll
        /// Every transaction counts as slow: after the first, the writer queue writes them all.
        case everyTransactionSlow

        var testDescription: String { rawValue }

        var bounds: LeaderBounds {
            switch self {
            case .standard: .standard
            case .leaderWritesItsOwnOnly: LeaderBounds(budget: .zero, slowTransaction: .seconds(60))
            case .leaderWritesAll: LeaderBounds(budget: .seconds(60), slowTransaction: .seconds(60))
            case .everyTransactionSlow: LeaderBounds(budget: .seconds(60), slowTransaction: .zero)
            }
        }
    }

    @Test(
        "concurrent appends from many tasks are all stored, in order per session, and a refused one fails alone",
        arguments: Writers.allCases)
    func concurrentAppends(writers: Writers) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-leader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteClickPathStore(
            path: folder.appending(path: "store.sqlite").path, limits: ClickPathStoreLimits(), patience: .seconds(5),
            environment: ProcessInfo.processInfo.environment, maxLogFrames: WALCheckpointer.defaultMaxLogFrames,
            leaderBounds: writers.bounds)
        let (sessions, clicks) = (48, 20)

        // Every session clicks one click after the other, all of them at once; before every third
        // click it also tries to append at a position already taken, which must be refused while
        // the appends around it, in the same transactions, are stored.
        let refusals = try await withThrowingTaskGroup(of: Int.self) { group in
            for session in 0..<sessions {
                group.addTask {
                    var refusals = 0
                    for position in 0..<clicks {
                        if position % 3 == 2 {
                            await #expect(
                                throws: ClickPathStoreError.startMismatch(
                                    session: "s\(session)", start: position - 1, stored: position)
                            ) {
                                try await store.append([.liveMove], toSession: "s\(session)", at: position - 1)
                            }
                            refusals += 1
                        }
                        try await store.append(
                            [.deepLink("movies/\(session)/\(position)")], toSession: "s\(session)", at: position)
                    }
                    return refusals
                }
            }
            return try await group.reduce(0, +)
        }

        #expect(refusals == sessions * (clicks / 3))
        for session in 0..<sessions {
            #expect(
                try await store.path(ofSession: "s\(session)")
                    == ClickPath((0..<clicks).map { .deepLink("movies/\(session)/\($0)") }))
        }
    }
}
