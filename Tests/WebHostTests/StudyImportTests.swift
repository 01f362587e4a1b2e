import FlowHostApp
import FlowHostSQLite
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import WebHost

@Suite("Study files kept in the store when a server starts")
struct StudyImportTests {
    static func labStudy(title: String) throws -> StudyFile {
        try StudyFile(
            text: """
                {"title": "\(title)", "tasks": [{"prompt": "Find the about page", "start": "start",
                  "goal": ["lab/about"], "expected": [["lab/page", "lab/about"]]}]}
                """, file: "Studies/lab.json")
    }

    @Test(
        "a started server's store has its studies, under a link derived from the store's key; a restart re-imports them, keeping the link, its revocation and the testers"
    )
    func importAndRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-studies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "flowhost.sqlite").path

        // Given a server that started with a study file, over the real HTTP server
        try await withLabServer(
            store: try SQLiteClickPathStore(path: file, environment: [:]), testing: .live,
            studies: [try Self.labStudy(title: "Lab")]
        ) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .seeOther, "the app's first screen")
        }
        // Then the store has it, its link opens it, and a tester starts from it
        let link = try await SQLiteClickPathStore(path: file, environment: [:]).whileRunning { store in
            let link = StudyLink.id(ofStudy: "lab", key: try await store.tokenKey())
            #expect(link.count == 32 && link.allSatisfy(\.isHexDigit))
            #expect(try await store.study(id: "lab")?.study.title == "Lab")
            #expect(try await store.study(link: link)?.status == .open)
            _ = try await store.startTester("tester", fromStudyLink: link)
            #expect(try await store.revokeStudyLink(ofStudy: "lab"))
            return link
        }

        // When it starts again with the file changed
        try await withLabServer(
            store: try SQLiteClickPathStore(path: file, environment: [:]), testing: .live,
            studies: [try Self.labStudy(title: "Lab, second round")]
        ) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .seeOther, "the app's first screen")
        }

        // Then the study is the file's again, under the same link, still revoked, with its tester
        try await SQLiteClickPathStore(path: file, environment: [:]).whileRunning { store in
            let study = try #require(try await store.study(link: link))
            #expect(study.study.title == "Lab, second round")
            #expect(study.status == .revoked)
            #expect(try await store.testers(ofStudy: "lab").count == 1)
        }
    }

    @Test("the same study has another link under another store's key: a link is no guess from the study's id")
    func linksDependOnTheKey() {
        let one = StudyLink.id(ofStudy: "lab", key: Array(repeating: 1, count: 32))
        #expect(one == StudyLink.id(ofStudy: "lab", key: Array(repeating: 1, count: 32)))
        #expect(one != StudyLink.id(ofStudy: "lab", key: Array(repeating: 2, count: 32)))
        #expect(one != StudyLink.id(ofStudy: "lab2", key: Array(repeating: 1, count: 32)))
    }
}
