import FlowHostApp
import Foundation
import HTMLPresenter
import Testing

/// The rules of studies and their testers every store keeps (``ClickPathStore``'s "Studies").
extension ClickPathStoreTests {
    static let study = Study(
        title: "Rating",
        tasks: [
            StudyTask(
                prompt: "Rate a movie", start: .deepLink("/link/movies/1"), goal: ["rating/thanks"],
                expected: [["movies/detail", "rating/rate", "rating/thanks"]]),
            StudyTask(prompt: "Log out", start: .appStart, goal: ["login/form"]),
        ])
    static let yesterday = Date.now.addingTimeInterval(-24 * 3600)

    static func event(_ task: Int, _ kind: StudyEvent.Kind) -> StudyEvent {
        // Whole seconds: every store keeps them exactly.
        StudyEvent(task: task, at: Date(timeIntervalSince1970: 1_800_000_000 + Double(task)), kind: kind)
    }

    @Test("a saved study reads back by id and by link; a study saved again keeps its testers", arguments: Kind.allCases)
    func studies(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link-1", expires: Self.inAMonth)
            try await store.saveStudy(Self.study, id: "another", link: "link-2", expires: Self.inAMonth)
            _ = try await store.startTester("t", fromStudyLink: "link-1")

            var changed = Self.study
            changed.title = "Rating, again"
            try await store.saveStudy(changed, id: "rating", link: "link-3", expires: Self.inAMonth)

            #expect(try await store.studies().map(\.id) == ["another", "rating"])
            let stored = try #require(try await store.study(id: "rating"))
            #expect(stored.study == changed)
            #expect(stored.status == .open)
            #expect(try await store.study(link: "link-3")?.id == "rating")
            #expect(try await store.study(link: "link-1") == nil)
            #expect(try await store.study(id: "unknown") == nil)
            #expect(try await store.testers(ofStudy: "rating").count == 1)
            #expect(try await store.testers(ofStudy: "another").isEmpty)
        }
    }

    @Test(
        "past maxStudies a new study is refused and nothing is stored; saving a kept one again needs no room",
        arguments: Kind.allCases)
    func studyBound(kind: Kind) async throws {
        try await kind.withStore(maxStudies: 2) { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link-1", expires: Self.inAMonth)
            #expect(try await store.addStudy(Self.study, id: "another", link: "link-2", expires: Self.inAMonth))

            await #expect(throws: StudyRecordError.tooManyStudies(limit: 2)) {
                try await store.saveStudy(Self.study, id: "third", link: "link-3", expires: Self.inAMonth)
            }
            await #expect(throws: StudyRecordError.tooManyStudies(limit: 2)) {
                try await store.addStudy(Self.study, id: "fourth", link: "link-4", expires: Self.inAMonth)
            }
            var changed = Self.study
            changed.title = "Rating, again"
            try await store.saveStudy(changed, id: "rating", link: "link-1", expires: Self.inAMonth)

            #expect(try await store.studies().map(\.id) == ["another", "rating"])
            #expect(try await store.study(id: "rating")?.study == changed)
            #expect(try await store.study(link: "link-3") == nil)
        }
    }

    @Test("a study added under a taken id changes nothing", arguments: Kind.allCases)
    func studyAddedUnderATakenID(kind: Kind) async throws {
        try await kind.withStore { store in
            let added = try await store.addStudy(Self.study, id: "rating", link: "link-1", expires: Self.inAMonth)
            #expect(added)
            var other = Self.study
            other.title = "Another rating"
            #expect(try await !store.addStudy(other, id: "rating", link: "link-2", expires: Self.inAMonth))

            #expect(try await store.study(id: "rating")?.study == Self.study)
            #expect(try await store.study(link: "link-1")?.id == "rating")
            #expect(try await store.study(link: "link-2") == nil)
        }
    }

    @Test(
        "no tester starts from a study link that is unknown, expired or revoked, and nothing is stored",
        arguments: Kind.allCases)
    func closedStudyLinks(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.saveStudy(Self.study, id: "old", link: "expired", expires: Self.yesterday)
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            #expect(try await store.revokeStudyLink(ofStudy: "rating"))
            #expect(try await !store.revokeStudyLink(ofStudy: "unknown"))

            await #expect(throws: StudyRecordError.noSuchStudyLink) {
                try await store.startTester("t", fromStudyLink: "forged")
            }
            await #expect(throws: StudyRecordError.studyLinkExpired) {
                try await store.startTester("t", fromStudyLink: "expired")
            }
            await #expect(throws: StudyRecordError.studyLinkRevoked) {
                try await store.startTester("t", fromStudyLink: "link")
            }
            #expect(try await store.study(id: "old")?.status == .expired)
            #expect(try await store.study(id: "rating")?.status == .revoked)
            #expect(try await store.testers(ofStudy: "rating").isEmpty)
            #expect(try await store.testers(ofStudy: "old").isEmpty)
        }
    }

    @Test(
        "a study saved again under its link keeps the link's revocation and expiry; under a new link it opens",
        arguments: Kind.allCases)
    func studySavedAgain(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            #expect(try await store.revokeStudyLink(ofStudy: "rating"))
            try await store.saveStudy(
                Self.study, id: "rating", link: "link", expires: Self.inAMonth.addingTimeInterval(60))
            let kept = try #require(try await store.study(id: "rating"))
            #expect(kept.status == .revoked)
            #expect(abs(kept.expires.timeIntervalSince(Self.inAMonth)) < 0.001)

            try await store.saveStudy(Self.study, id: "rating", link: "new", expires: Self.inAMonth)
            #expect(try await store.startTester("t", fromStudyLink: "new").status == .open)
        }
    }

    @Test(
        "past maxTestersPerStudy a new tester is refused and nothing stored; one starting again needs no room",
        arguments: Kind.allCases)
    func testersBound(kind: Kind) async throws {
        try await kind.withStore(maxTestersPerStudy: 2) { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            try await store.saveStudy(Self.study, id: "other", link: "other", expires: Self.inAMonth)
            _ = try await store.startTester("a", fromStudyLink: "link")
            _ = try await store.startTester("b", fromStudyLink: "link")
            try await store.record([Self.event(0, .started(entry: 0))], ofTester: "b", at: 0, path: nil)

            await #expect(throws: StudyRecordError.tooManyTesters(study: "rating", limit: 2)) {
                try await store.startTester("c", fromStudyLink: "link")
            }
            await #expect(throws: StudyRecordError.eventStartMismatch(tester: "c", start: 0, stored: nil)) {
                try await store.record([Self.event(0, .started(entry: 0))], ofTester: "c", at: 0, path: nil)
            }
            #expect(try await store.testers(ofStudy: "rating").count == 2)
            // Another study counts its own testers; a tester starting again starts over.
            _ = try await store.startTester("c", fromStudyLink: "other")
            #expect(try await store.startTester("b", fromStudyLink: "link").id == "rating")
            #expect(try await store.testers(ofStudy: "rating").map(\.events) == [[], []])
        }
    }

    @Test(
        "a tester's events append from the end, up to maxEventsPerTester; a refused record changes nothing",
        arguments: Kind.allCases)
    func testerEvents(kind: Kind) async throws {
        try await kind.withStore(maxEventsPerTester: 3) { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            _ = try await store.startTester("t", fromStudyLink: "link")
            let first = [
                Self.event(0, .started(entry: 0)), Self.event(0, .screenTime(screen: "movies/list", seconds: 2.5)),
            ]
            try await store.record(first, ofTester: "t", at: 0, path: nil)
            let path = ClickPath(Array(Self.entries[0..<2]))

            await #expect(throws: StudyRecordError.eventStartMismatch(tester: "t", start: 1, stored: 2)) {
                try await store.record([Self.event(0, .gaveUp(entry: 1))], ofTester: "t", at: 1, path: path)
            }
            await #expect(throws: StudyRecordError.tooManyEvents(tester: "t", limit: 3)) {
                try await store.record(
                    [Self.event(0, .succeeded(entry: 2)), Self.event(1, .started(entry: 2))], ofTester: "t", at: 2,
                    path: path)
            }
            var tester = try #require(try await store.testers(ofStudy: "rating").first)
            #expect(tester.events == first)
            #expect(tester.path == ClickPath())

            try await store.record([Self.event(0, .succeeded(entry: 2))], ofTester: "t", at: 2, path: path)
            tester = try #require(try await store.testers(ofStudy: "rating").first)
            #expect(tester.events == first + [Self.event(0, .succeeded(entry: 2))])
            #expect(tester.path == path, "the path copy keeps its typed values, secret ones too, for re-runs")
        }
    }

    @Test(
        "a tester's path copy outlives their session: removal, idle removal and the least recently used bound",
        arguments: Kind.allCases)
    func testerPathsOutliveSessions(kind: Kind) async throws {
        try await kind.withStore(maxSessions: 1) { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            for tester in ["a", "b"] {
                try await store.append(Self.entries, toSession: tester, at: 0)
                _ = try await store.startTester(tester, fromStudyLink: "link")
                try await store.record(
                    [Self.event(0, .started(entry: 0)), Self.event(0, .succeeded(entry: 5))], ofTester: tester, at: 0,
                    path: ClickPath(Self.entries))
            }
            // "b" evicted "a" (one session kept); then "b" is removed, and idle removal finds nothing.
            try await store.removeSessions(["b"])
            _ = try await store.removeSessions(usedBefore: .now.addingTimeInterval(1), keeping: [])

            #expect(try await store.path(ofSession: "a") == nil)
            #expect(try await store.path(ofSession: "b") == nil)
            let testers = try await store.testers(ofStudy: "rating")
            #expect(testers.map(\.path) == [ClickPath(Self.entries), ClickPath(Self.entries)])
            #expect(testers.map(\.events.count) == [2, 2])
        }
    }

    @Test(
        "the figures read gives each tester as the full read does (events of every kind, in order) with no secret value",
        arguments: Kind.allCases)
    func testersForFigures(kind: Kind) async throws {
        try await kind.withStore { store in
            try await store.saveStudy(Self.study, id: "rating", link: "link", expires: Self.inAMonth)
            try await store.saveStudy(Self.study, id: "another", link: "other", expires: Self.inAMonth)
            // Times and points no decimal text holds exactly: they must read back to the bit.
            let at = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_789)
            let events = [
                Self.event(0, .started(entry: 0)), Self.event(0, .scriptRan),
                StudyEvent(task: 0, at: at, kind: .misclick(screen: "movies/list", x: 0.1, y: 2.0 / 3)),
                StudyEvent(task: 0, at: at, kind: .screenTime(screen: "movies/\"detail\" ✓", seconds: 1 / 3)),
                Self.event(0, .succeeded(entry: 2)), Self.event(1, .started(entry: 2)), Self.event(1, .done(entry: 4)),
                Self.event(2, .started(entry: 4)), Self.event(2, .gaveUp(entry: 5)),
            ]
            for (tester, link) in [("a", "link"), ("b", "link"), ("c", "other")] {
                _ = try await store.startTester(tester, fromStudyLink: link)
            }
            try await store.record(events, ofTester: "a", at: 0, path: ClickPath(Self.entries))
            try await store.record([Self.event(0, .started(entry: 0))], ofTester: "c", at: 0, path: ClickPath())

            let full = try await store.testers(ofStudy: "rating")
            let figures = try await store.testersForFigures(ofStudy: "rating")
            #expect(figures.count == 2, "b, who has no events nor path yet, is a tester too")
            #expect(figures.map(\.events) == full.map(\.events))
            #expect(figures.map(\.events) == [events, []])
            #expect(figures.map(\.started) == full.map(\.started))
            #expect(figures.map(\.path.entries) == full.map { $0.path.entries.map(\.secretValuesLeftOut) })
            func secretValues(_ testers: [StudyTester]) -> [String] {
                testers.flatMap(\.path.entries).flatMap { entry -> [String] in
                    guard case .action(_, let fields) = entry else { return [] }
                    return fields.fields.filter(\.isSecret).map(\.value)
                }
            }
            try #require(!secretValues(full).isEmpty && !secretValues(full).contains(""), "the whole read has them")
            #expect(secretValues(figures) == secretValues(full).map { _ in "" }, "no secret value reaches the figures")
            #expect(try await store.testersForFigures(ofStudy: "unknown").isEmpty)
        }
    }
}
