import FlowHostApp
import Foundation
import Testing

@Suite("A study file reads as a study, or says file:line:column what is wrong")
struct StudyFileTests {
    static let core = """
        {"title": "Rating", "tasks": [{"prompt": "Find a movie and rate it", "start": "/link/movies/1",
          "goal": ["rating/thanks"], "expected": [["movies/detail", "rating/rate", "rating/thanks"]]},
          {"prompt": "Log out", "start": "start", "goal": ["login/form in navigation"]}]}
        """

    static func errors(_ text: String, file: String = "Studies/rating.json") -> [String] {
        do {
            _ = try StudyFile(text: text, file: file)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test("the issue's core format reads as its study, `expected` optional, its id the file's name")
    func core() throws {
        let file = try StudyFile(text: Self.core, file: "Studies/rating.json")

        #expect(file.id == "rating")
        #expect(
            file.study
                == Study(
                    title: "Rating",
                    tasks: [
                        StudyTask(
                            prompt: "Find a movie and rate it", start: .deepLink("/link/movies/1"),
                            goal: ["rating/thanks"], expected: [["movies/detail", "rating/rate", "rating/thanks"]]),
                        StudyTask(prompt: "Log out", start: .appStart, goal: ["login/form in navigation"]),
                    ]))
        #expect(
            file.screenNames.map(\.name) == [
                "rating/thanks", "movies/detail", "rating/rate", "rating/thanks", "login/form in navigation",
            ])
        #expect(file.screenNames.first.map { [$0.line, $0.column] } == [2, 12])
    }

    @Test("the study written as JSON reads back the same: the store keeps it so")
    func jsonRoundTrip() throws {
        let study = try StudyFile(text: Self.core, file: "rating.json").study
        #expect(try JSONDecoder().decode(Study.self, from: JSONEncoder().encode(study)) == study)
    }

    @Test("a syntax error is reported at its line and column")
    func syntaxError() {
        #expect(
            Self.errors("{\"title\": \"x\",\n  \"tasks\": [}") == [
                "Studies/rating.json:2:13: unexpected character '}' where a value was expected"
            ])
        #expect(Self.errors("{\"title\": \"x\"") == ["Studies/rating.json:1:14: expected ',' or '}' after a member"])
        #expect(Self.errors(String(repeating: "[", count: 100)).first?.hasSuffix("nested more than 64 deep") == true)
    }

    @Test("every error of the meaning is reported at once, each where it is written")
    func meaningErrors() {
        let text = """
            {"title": "", "tasks": [
              {"prompt": "a", "start": "movies", "goal": []},
              {"prompt": 3, "start": "start", "goals": ["x"]}
            ]}
            """
        #expect(
            Self.errors(text) == [
                "Studies/rating.json:1:11: the study's \"title\" is empty",
                "Studies/rating.json:2:28: task 1's \"start\" \"movies\" is neither \"start\" nor a deep link path (/...)",
                "Studies/rating.json:2:46: task 1's \"goal\" must be a non-empty array of screens",
                "Studies/rating.json:3:35: task 2 has no member \"goals\"; its members are \"prompt\", \"start\", \"goal\", \"expected\"",
                "Studies/rating.json:3:14: task 2's \"prompt\" must be a string, not a number",
                "Studies/rating.json:3:3: task 2's \"goal\" is missing",
            ])
    }

    @Test("a file name that cannot be an id in a URL is refused, and so is new, the New study form's name")
    func badName() {
        let rule = "use letters, digits, '-' and '_' only, and not \"new\""
        #expect(
            Self.errors(Self.core, file: "Studies/my study.json") == [
                "Studies/my study.json:1:1: the file's name \"my study\" is the study's id: \(rule)"
            ])
        #expect(
            Self.errors(Self.core, file: "Studies/new.json") == [
                "Studies/new.json:1:1: the file's name \"new\" is the study's id: \(rule)"
            ])
    }

    @Test("a screen the app does not have is refused at its place, with the list of the app's screens")
    func unknownScreens() throws {
        let file = try StudyFile(text: Self.core, file: "Studies/rating.json")
        let screens = [
            (id: "movies/detail in tab Movies › navigation", template: "movies/detail"),
            (id: "rating/rate in sheet", template: "rating/rate"),
            (id: "login/form in navigation", template: "login/form"),
        ]

        let errors = file.unknownScreens(among: screens).map(\.description)

        #expect(
            errors == [
                "Studies/rating.json:2:12: task 1: goal screen \"rating/thanks\" is no screen of the app; its screens are"
                    + " \"movies/detail in tab Movies › navigation\", \"rating/rate in sheet\", \"login/form in navigation\","
                    + " or by template \"login/form\", \"movies/detail\", \"rating/rate\"",
                "Studies/rating.json:2:76: task 1: expected screen \"rating/thanks\" is no screen of the app; its screens"
                    + " are \"movies/detail in tab Movies › navigation\", \"rating/rate in sheet\", \"login/form in"
                    + " navigation\", or by template \"login/form\", \"movies/detail\", \"rating/rate\"",
            ])
    }

    @Test("a folder's files load by name; one bad file fails the load with every file's errors; no folder is none")
    func folder() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "StudyFileTests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.core.utf8).write(to: folder.appending(path: "rating.json"))
        try Data("notes".utf8).write(to: folder.appending(path: "README.md"))

        #expect(try StudyFile.load(folder: folder).map(\.id) == ["rating"])
        #expect(try StudyFile.load(folder: folder.appending(path: "missing")).isEmpty)

        try Data("{".utf8).write(to: folder.appending(path: "broken.json"))
        #expect(throws: StudyFileErrors.self) { try StudyFile.load(folder: folder) }
        do {
            _ = try StudyFile.load(folder: folder)
        } catch {
            #expect(error.errors.map { URL(filePath: $0.file).lastPathComponent } == ["broken.json"])
            #expect(error.errors.first?.message == "expected a key in quotes")
        }
    }
}
