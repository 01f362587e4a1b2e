import FlowHostApp
import Foundation
import HTMLPresenter

/// Studies of the cluster's processes: the shared memory store's, unless the test took it down.
extension ClusterStore.Process {
    func saveStudy(_ study: Study, id: String, link: String, expires: Date) async throws {
        try cluster.checkUp()
        try await cluster.shared.saveStudy(study, id: id, link: link, expires: expires)
    }

    func addStudy(_ study: Study, id: String, link: String, expires: Date) async throws -> Bool {
        try cluster.checkUp()
        return try await cluster.shared.addStudy(study, id: id, link: link, expires: expires)
    }

    func studies() async throws -> [StoredStudy] {
        try cluster.checkUp()
        return try await cluster.shared.studies()
    }

    func study(id: String) async throws -> StoredStudy? {
        try cluster.checkUp()
        return try await cluster.shared.study(id: id)
    }

    func study(link: String) async throws -> StoredStudy? {
        try cluster.checkUp()
        return try await cluster.shared.study(link: link)
    }

    func revokeStudyLink(ofStudy id: String) async throws -> Bool {
        try cluster.checkUp()
        return try await cluster.shared.revokeStudyLink(ofStudy: id)
    }

    func startTester(_ session: String, fromStudyLink link: String) async throws -> StoredStudy {
        try cluster.checkUp()
        return try await cluster.shared.startTester(session, fromStudyLink: link)
    }

    func record(
        _ events: [StudyEvent], ofTester session: String, at start: Int, path: ClickPath?, labels: [String?]
    ) async throws {
        try cluster.checkUp()
        try await cluster.shared.record(events, ofTester: session, at: start, path: path, labels: labels)
    }

    func testers(ofStudy id: String) async throws -> [StudyTester] {
        try cluster.checkUp()
        return try await cluster.shared.testers(ofStudy: id)
    }

    func testersForFigures(ofStudy id: String) async throws -> [StudyTester] {
        try cluster.checkUp()
        return try await cluster.shared.testersForFigures(ofStudy: id)
    }

    func tester(ofStudy id: String, at index: Int) async throws -> StudyTester? {
        try cluster.checkUp()
        return try await cluster.shared.tester(ofStudy: id, at: index)
    }

    func tester(session: String) async throws -> (study: String, tester: StudyTester)? {
        try cluster.checkUp()
        return try await cluster.shared.tester(session: session)
    }
}
