import FlowCrawl
import FlowHostApp
import FlowHostSQLite
import Foundation
import HTMLPresenter
import MovieDemo
import Testing

/// `flowhost study rerun` as CI runs it, the built executable in a process of its own, on a SQLite
/// store holding testers of a study of the sample: each tester's path is one the crawler drove.
@Suite("flowhost study rerun", .serialized)
struct StudyRerunTests {
    /// The repository, found from this file.
    private static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Rate a movie from the app's start: sign in, open one, rate it.
    private static let study = Study(
        title: "Rating", tasks: [StudyTask(prompt: "Rate a movie", start: .appStart, goal: ["rating/thanks"])])

    /// What a tester of the study did: their task's path, and how it ended.
    private struct Tester {
        let path: ClickPath
        let ended: (Int) -> StudyEvent.Kind
    }

    /// The sample, crawled once for every test.
    @MainActor private static var crawled: Crawl?

    @MainActor
    private static func crawl() async throws -> Crawl {
        if let crawled { return crawled }
        let app = try MovieDemo.app(templates: root.appending(path: "Templates").path)
        let crawl = try await Crawler(app: app).crawl()
        crawled = crawl
        return crawl
    }

    /// The path the crawler drove to the first state of template `template`.
    private func path(to template: String) async throws -> ClickPath {
        let crawl = try await Self.crawl()
        return try #require(crawl.map.states.first { $0.template == template }).clickPath
    }

    /// A fresh SQLite store with the study `rating` and `testers`, in a folder of its own.
    private func store(with testers: [Tester]) async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-rerun-\(UUID().uuidString)")
        let file = folder.appending(path: "store.sqlite")
        let store = try SQLiteClickPathStore(path: file.path)
        try await store.whileRunning { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: .now + 3600)
            for (index, tester) in testers.enumerated() {
                _ = try await store.startTester("tester-\(index)", fromStudyLink: "link")
                let events = [
                    StudyEvent(task: 0, at: .now, kind: .started(entry: 0)),
                    StudyEvent(task: 0, at: .now, kind: tester.ended(tester.path.entries.count)),
                ]
                try await store.record(events, ofTester: "tester-\(index)", at: 0, path: tester.path)
            }
        }
        return file
    }

    /// `flowhost` with `arguments`, run from the repository's root: its exit status, output and errors.
    private func flowhost(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let executable = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "flowhost")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// Every value typed in `path`'s forms.
    private func typedValues(of path: ClickPath) -> [String] {
        path.entries.flatMap { entry -> [String] in
            guard case .action(_, let fields) = entry else { return [] }
            return fields.fields.map(\.value).filter { !$0.isEmpty }
        }
    }

    @Test(
        "a path that still reaches its goal and one that gave up and still fails: exit 0, the summary, today's shortest way, no typed value"
    )
    func stillWorks() async throws {
        let rated = try await path(to: "rating/thanks")
        try #require(!typedValues(of: rated).isEmpty, "the way to rate signs in: a password is typed")
        let elsewhere = try await path(to: "profile/profile")
        let store = try await store(with: [
            Tester(path: rated, ended: { .succeeded(entry: $0) }),
            Tester(path: elsewhere, ended: { .gaveUp(entry: $0) }),
        ])
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }

        let run = try flowhost(["study", "rerun", "rating", "--store", store.path])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.last == "1 of 2 recorded paths still reach their goal", "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("tester 1, task 1, succeeded: still reaches rating/thanks") })
        #expect(lines.contains { $0.hasPrefix("tester 2, task 1, gave up: does not reach its goal") })
        let shortest = try #require(lines.first { $0.hasPrefix("task 1 (\"Rate a movie\"): today's shortest way: ") })
        #expect(shortest.contains("\"Rate\"") && shortest.contains("rating/thanks"), "\(shortest)")
        for value in typedValues(of: rated) {
            #expect(!run.output.contains(value) && !run.errors.contains(value), "a typed value is never printed")
        }
    }

    @Test("a path that succeeded and now misses a step: exit 1, the step named with its screen, in text and JSON")
    func regression() async throws {
        var broken = try await path(to: "rating/thanks")
        // Recorded on an earlier build, whose screen there had an action this one does not.
        let last = try #require(broken.entries.lastIndex { if case .action = $0 { true } else { false } })
        guard case .action(let position, let fields) = broken.entries[last] else { return }
        broken.entries[last] = .action(ActionPosition(screen: position.screen, index: 99), fields: fields)
        let store = try await store(with: [Tester(path: broken, ended: { .succeeded(entry: $0) })])
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }

        let text = try flowhost(["study", "rerun", "rating", "--store", store.path])
        #expect(text.status == 1, "\(text.errors)")
        #expect(
            text.output.contains(
                "tester 1, task 1, succeeded: NO LONGER reaches its goal: step \(last + 1) (action 99 of \(position.screen))"
            ), "\(text.output)")
        #expect(text.output.contains("is not on screen"))
        #expect(text.output.hasSuffix("0 of 1 recorded path still reaches its goal; 1 that succeeded no longer does\n"))

        let json = try flowhost(["study", "rerun", "rating", "--store", store.path, "--format", "json"])
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(report["paths"] as? Int == 1 && report["reaching"] as? Int == 0 && report["regressions"] as? Int == 1)
        #expect(report["title"] as? String == "Rating")
        let tasks = try #require(report["tasks"] as? [[String: Any]])
        let way = try #require(tasks.first?["shortestPath"] as? [String: Any])
        let screens = try #require(way["screens"] as? [String])
        #expect(screens.last?.hasPrefix("rating/thanks") == true)
        #expect(
            (way["actions"] as? [String])?.count == way["clicks"] as? Int
                && screens.count == (way["clicks"] as? Int ?? 0) + 1)
        let result = try #require((report["results"] as? [[String: Any]])?.first)
        #expect(
            result["tester"] as? Int == 1 && result["task"] as? Int == 1 && result["ended"] as? String == "succeeded")
        #expect(result["reachesGoal"] as? Bool == false && result["regression"] as? Bool == true)
        #expect(result["reachedGoalAt"] is NSNull)
        let missing = try #require(result["missingStep"] as? [String: Any])
        #expect(missing["step"] as? Int == last + 1)
        #expect(missing["action"] as? String == "action 99 of \(position.screen)")
        #expect(missing["reason"] as? String == "is not on screen")
        #expect((missing["screen"] as? String)?.hasPrefix(position.screen.template ?? "?") == true, "\(missing)")
    }

    @Test(
        "an unknown study exits 66; a store that is not there, a file that is no store and a bad URL 69, each saying so"
    )
    func unknownStudyAndStore() async throws {
        let store = try await store(with: [])
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let unknown = try flowhost(["study", "rerun", "nope", "--store", store.path])
        #expect(unknown.status == 66)
        #expect(unknown.errors.contains(#"error: the store has no study "nope""#), "\(unknown.errors)")
        #expect(unknown.output.isEmpty)

        let missing = store.deletingLastPathComponent().appending(path: "none.sqlite").path
        let gone = try flowhost(["study", "rerun", "rating", "--store", missing])
        #expect(gone.status == 69)
        #expect(
            gone.errors.contains("error: --store \(missing): no such file (reading makes none)"), "\(gone.errors)")
        #expect(!FileManager.default.fileExists(atPath: missing), "reading makes no store")

        let notes = store.deletingLastPathComponent().appending(path: "notes.txt")
        try Data("notes\n".utf8).write(to: notes)
        let notAStore = try flowhost(["study", "rerun", "rating", "--store", notes.path])
        #expect(notAStore.status == 69)
        #expect(
            notAStore.errors.contains("error: --store \(notes.path): no FlowHost store to read"), "\(notAStore.errors)")
        #expect(try Data(contentsOf: notes) == Data("notes\n".utf8), "not moved aside, not changed")

        let badURL = try flowhost(["study", "rerun", "rating", "--store", "postgres://nobody@localhost/"])
        #expect(badURL.status == 69)
        #expect(badURL.errors.contains("no PostgreSQL URL"), "\(badURL.errors)")
    }
}
