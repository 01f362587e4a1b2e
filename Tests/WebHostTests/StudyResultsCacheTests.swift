import FlowHostApp
import Foundation
import HummingbirdTesting
import Testing

@testable import WebHost

/// A study's results are counted once per refresh interval (``WebHostConfiguration/trafficRefreshInterval``),
/// the page, JSON and CSV sharing the count, as the live map's traffic is.
@Suite("A study's results, counted once for a while")
struct StudyResultsCacheTests {
    /// Task 1's testers in `/_flowhost/studies/lab.json`.
    static func testers(_ owner: inout Browser) async throws -> Int {
        let response = try await owner.get("/_flowhost/studies/lab.json")
        let results = try JSONDecoder().decode(StudyResultsTests.ResultsJSON.self, from: Data(buffer: response.body))
        return try #require(results.tasks.first).testers
    }

    /// One more tester, who opens the sheet: task 1 ended, written to the store.
    static func oneMoreTester(_ client: any TestClientProtocol, store: MemoryClickPathStore) async throws {
        let link = StudyLink.id(ofStudy: "lab", key: try await store.tokenKey())
        var tester = Browser(client)
        let started = try await tester.post("/study/\(link)")
        let page = try await tester.open(try #require(started.headers[.location]))
        _ = try await tester.click("Sheet", on: page)
    }

    @Test("within the interval the page, JSON and CSV show one count; a tester's end counts once it is over")
    func countedOnce() async throws {
        let store = MemoryClickPathStore()
        let configure: (inout WebHostConfiguration) -> Void = { $0.trafficRefreshInterval = .seconds(3600) }
        try await withLabServer(store: store, studies: [try StudyResultsTests.file()], configure: configure) {
            client in
            try await StudyResultsTests.takeTheStudy(client, store: store)
            var owner = Browser(client)
            #expect(try await Self.testers(&owner) == 4)
            try await Self.oneMoreTester(client, store: store)
            try #require(try await store.testers(ofStudy: "lab").count == 5)
            #expect(try await Self.testers(&owner) == 4, "the count of a moment ago, kept for the hour")
            let csv = String(buffer: try await owner.get("/_flowhost/studies/lab.csv").body)
            let row = try #require(csv.split(separator: "\r\n").dropFirst().first)
            #expect(row.split(separator: ",").dropFirst(2).first == "4", "task 1's testers in the CSV: \(row)")
            let page = try await owner.get("/_flowhost/studies/lab")
            #expect(page.text.contains("Tester 4:") && !page.text.contains("Tester 5:"))
        }

        let again = MemoryClickPathStore()
        try await withLabServer(
            store: again, studies: [try StudyResultsTests.file()], configure: { $0.trafficRefreshInterval = .zero }
        ) { client in
            try await StudyResultsTests.takeTheStudy(client, store: again)
            var owner = Browser(client)
            #expect(try await Self.testers(&owner) == 4)
            try await Self.oneMoreTester(client, store: again)
            #expect(try await Self.testers(&owner) == 5, "counted anew once the interval is over")
        }
    }
}
