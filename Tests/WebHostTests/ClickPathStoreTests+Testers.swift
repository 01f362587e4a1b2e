import FlowHostApp
import Foundation
import HTMLPresenter
import Testing

/// A tester read back by their session, which a session rebuilt from the store goes on with.
extension ClickPathStoreTests {
    @Test(
        "a session's tester reads back with their study, events and path copy; another session is none",
        arguments: Kind.allCases)
    func testerOfSession(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            try await store.saveStudy(Self.study, id: "other", link: "other", expires: Self.inAMonth)
            _ = try await store.startTester("t", fromStudyLink: "link")
            _ = try await store.startTester("u", fromStudyLink: "other")
            #expect(try await store.tester(session: "t")?.tester.events == [])

            let events = [
                Self.event(0, .started(entry: 0)), Self.event(0, .misclick(screen: "movies/list", x: 0.25, y: 0.5)),
                Self.event(0, .scriptRan), Self.event(0, .succeeded(entry: 2)), Self.event(1, .started(entry: 2)),
            ]
            let path = ClickPath(Array(Self.entries[0..<3]))
            try await store.record(events, ofTester: "t", at: 0, path: path)

            let found = try #require(try await store.tester(session: "t"))
            #expect(found.study == "rating")
            #expect(found.tester.events == events)
            #expect(found.tester.path == path)
            #expect(found.tester == (try await store.testers(ofStudy: "rating")).first)
            #expect(try await store.tester(session: "u")?.study == "other")
            #expect(try await store.tester(session: "nobody") == nil)
        }
    }

    @Test(
        "a tester's path copy keeps the label of each click beside it; a copy recorded without labels reads back with none",
        arguments: Kind.allCases)
    func testerLabels(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            _ = try await store.startTester("t", fromStudyLink: "link")
            _ = try await store.startTester("u", fromStudyLink: "link")
            let path = ClickPath(Array(Self.entries[0..<3]))
            let labels: [String?] = ["Heat 1995 · Michael Mann", "Save ✓", nil]
            try await store.record(
                [Self.event(0, .started(entry: 0))], ofTester: "t", at: 0, path: path, labels: labels)
            try await store.record([Self.event(0, .started(entry: 0))], ofTester: "u", at: 0, path: path)

            let testers = try await store.testers(ofStudy: "rating")
            #expect(testers.map(\.labels) == [labels, []])
            #expect(testers.map(\.path) == [path, path])
            #expect(try await store.tester(session: "t")?.tester.labels == labels)
            #expect(testers[0].label(at: 0) == "Heat 1995 · Michael Mann" && testers[1].label(at: 0) == nil)
        }
    }

    @Test(
        "a tester reads back with their session's last stored click, which results tell a tester still at it by; none once the session is gone",
        arguments: Kind.allCases)
    func testerLastClick(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            _ = try await store.startTester("t", fromStudyLink: "link")
            #expect(try await store.tester(session: "t")?.tester.lastClick == nil, "no click stored yet")

            let before = Date.now.addingTimeInterval(-1)
            try await store.append(Array(Self.entries[0..<2]), toSession: "t", at: 0)
            let lastClick = try #require(try await store.testers(ofStudy: "rating").first?.lastClick)
            #expect(lastClick >= before && lastClick <= .now.addingTimeInterval(1))
            #expect(try await store.tester(session: "t")?.tester.lastClick == lastClick)
            #expect(
                try await store.testersForFigures(ofStudy: "rating").first?.lastClick == lastClick, "results read it")

            try await store.removeSessions(["t"])
            #expect(try await store.testers(ofStudy: "rating").first?.lastClick == nil)
            #expect(try await store.testersForFigures(ofStudy: "rating").first?.lastClick == nil)
        }
    }
}

/// One tester read alone, by position, which *Open at this state* replays.
extension ClickPathStoreTests {
    @Test(
        "a tester read alone by position is the one the whole read gives there, secrets and labels included; none past the end or for another study",
        arguments: Kind.allCases)
    func testerAtPosition(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            try await store.saveStudy(Self.study, id: "other", link: "other", expires: Self.inAMonth)
            for (number, session) in ["t", "u", "v"].enumerated() {
                _ = try await store.startTester(session, fromStudyLink: "link")
                try await store.record(
                    [Self.event(0, .started(entry: 0))], ofTester: session, at: 0,
                    path: ClickPath(Array(Self.entries[0...number])),
                    labels: Array(repeating: "Open", count: number + 1))
            }
            _ = try await store.startTester("w", fromStudyLink: "other")

            let testers = try await store.testers(ofStudy: "rating")
            #expect(testers.map(\.path.entries.count) == [1, 2, 3])
            for index in testers.indices {
                #expect(try await store.tester(ofStudy: "rating", at: index) == testers[index])
            }
            #expect(
                try await store.tester(ofStudy: "rating", at: 2)?.path.entries[1] == Self.entries[1], "the password too"
            )
            #expect(try await store.tester(ofStudy: "rating", at: 3) == nil)
            #expect(try await store.tester(ofStudy: "rating", at: -1) == nil)
            #expect(try await store.tester(ofStudy: "unknown", at: 0) == nil)
            #expect(try await store.tester(ofStudy: "other", at: 0)?.path.entries == [])
        }
    }
}
