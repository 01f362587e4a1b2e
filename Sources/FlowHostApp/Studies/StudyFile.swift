import Foundation

/// A study as its JSON file holds it (`Studies/NAME.json`): the ``Study``, its id (the file's name
/// without `.json`), and where each screen it names is written, so that a screen the app does not
/// have is reported at its line and column.
///
/// The file's core is `{"title", "tasks": [{"prompt", "start", "goal", "expected"}]}`; `expected`
/// may be left out. Other members are refused (a misspelt `"goals"` would otherwise be ignored).
public struct StudyFile: Sendable, Equatable {
    /// Where a screen name is written in the file.
    public struct ScreenName: Sendable, Equatable {
        /// The name: a storyboard screen's id, or a template.
        public let name: String
        /// Its task, by index.
        public let task: Int
        /// Whether it names a goal screen (else a screen of an expected path).
        public let isGoal: Bool
        /// Where it is written.
        public let line: Int
        /// Where it is written, in characters.
        public let column: Int
    }

    /// The file.
    public let file: String
    /// The study's id: the file's name without `.json`.
    public let id: String
    /// The study.
    public let study: Study
    /// Every screen name the file writes, in file order.
    public let screenNames: [ScreenName]

    /// At most this many bytes a study file holds: it is read at every start.
    public static let maxBytes = 1 << 20

    /// The study in `text`, the content of `file`.
    /// - Throws: ``StudyFileErrors``, every error found.
    public init(text: String, file: String) throws(StudyFileErrors) {
        self.file = file
        let name = URL(filePath: file).deletingPathExtension().lastPathComponent
        let json: SourceJSON
        do {
            json = try SourceJSON.parse(text)
        } catch {
            throw StudyFileErrors([
                StudyFileError(file: file, line: error.line, column: error.column, message: error.message)
            ])
        }
        var reader = Reader(file: file)
        let study = reader.study(json)
        if !Self.isID(name) {
            reader.errors.insert(
                StudyFileError(
                    file: file, line: 1, column: 1,
                    message:
                        "the file's name \"\(name)\" is the study's id: use letters, digits, '-' and '_' only, and not \"new\""
                ),
                at: 0)
        }
        guard let study, reader.errors.isEmpty else { throw StudyFileErrors(reader.errors) }
        self.id = name
        self.study = study
        self.screenNames = reader.screenNames
    }

    /// The study files (`*.json`) of `folder`, by file name; none when the folder does not exist.
    /// - Throws: ``StudyFileErrors``, the errors of every file.
    public static func load(folder: URL) throws(StudyFileErrors) -> [StudyFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [StudyFile] = []
        var errors: [StudyFileError] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = folder.appending(path: name).path
            do {
                let data = try Data(contentsOf: URL(filePath: path))
                guard data.count <= maxBytes else {
                    errors.append(
                        StudyFileError(file: path, line: 1, column: 1, message: "larger than \(maxBytes) bytes"))
                    continue
                }
                guard let text = String(validating: data, as: UTF8.self) else {
                    errors.append(StudyFileError(file: path, line: 1, column: 1, message: "not UTF-8 text"))
                    continue
                }
                files.append(try StudyFile(text: text, file: path))
            } catch let error as StudyFileErrors {
                errors += error.errors
            } catch {
                errors.append(
                    StudyFileError(
                        file: path, line: 1, column: 1, message: "cannot be read: \(error.localizedDescription)"))
            }
        }
        guard errors.isEmpty else { throw StudyFileErrors(errors) }
        return files
    }

    /// The errors of the screen names the app does not have: `screens` is every screen of the
    /// crawl's storyboard, by id, with its template. A name is known when it is a screen's id or
    /// a template of one; each error lists the screens.
    public func unknownScreens(among screens: [(id: String, template: String)]) -> [StudyFileError] {
        // An empty window's screen has no name to write: it is no goal.
        let screens = screens.filter { !$0.id.isEmpty && !$0.template.isEmpty }
        let known = Set(screens.map(\.id)).union(screens.map(\.template))
        let list = screens.map { "\"\($0.id)\"" }.joined(separator: ", ")
        let templates = Set(screens.map(\.template)).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        return screenNames.filter { !known.contains($0.name) }.map { name in
            StudyFileError(
                file: file, line: name.line, column: name.column,
                message: "task \(name.task + 1): \(name.isGoal ? "goal" : "expected") screen \"\(name.name)\" is no"
                    + " screen of the app; its screens are \(list.isEmpty ? "none" : list), or by template"
                    + " \(templates.isEmpty ? "none" : templates)")
        }
    }

    /// Whether `name` can be a study's id, in URLs and the store: not `new`, which names the
    /// owner's New study form (`/_flowhost/studies/new`).
    public static func isID(_ name: String) -> Bool {
        name != "new" && !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
    }

    /// Reads the study out of the parsed file, collecting every error and every screen name.
    private struct Reader {
        let file: String
        var errors: [StudyFileError] = []
        var screenNames: [ScreenName] = []

        mutating func fail(_ json: SourceJSON, _ message: String) {
            errors.append(StudyFileError(file: file, line: json.line, column: json.column, message: message))
        }

        /// The members of `json` when it is an object with only `allowed` keys, each once.
        mutating func members(_ json: SourceJSON, of what: String, allowed: [String]) -> [String: SourceJSON]? {
            guard case .object(let list) = json.value else {
                fail(json, "\(what) must be an object, not \(json.kind)")
                return nil
            }
            var members: [String: SourceJSON] = [:]
            for member in list {
                if !allowed.contains(member.key) {
                    errors.append(
                        StudyFileError(
                            file: file, line: member.line, column: member.column,
                            message: "\(what) has no member \"\(member.key)\"; its members are "
                                + allowed.map { "\"\($0)\"" }.joined(separator: ", ")))
                } else if members[member.key] != nil {
                    errors.append(
                        StudyFileError(
                            file: file, line: member.line, column: member.column,
                            message: "\(what) has \"\(member.key)\" twice"))
                } else {
                    members[member.key] = member.value
                }
            }
            return members
        }

        mutating func text(_ json: SourceJSON?, _ what: String, in parent: SourceJSON) -> String? {
            guard let json else {
                fail(parent, "\(what) is missing")
                return nil
            }
            guard case .string(let text) = json.value else {
                fail(json, "\(what) must be a string, not \(json.kind)")
                return nil
            }
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                fail(json, "\(what) is empty")
                return nil
            }
            return text
        }

        mutating func study(_ json: SourceJSON) -> Study? {
            guard let members = members(json, of: "the study", allowed: ["title", "tasks"]) else { return nil }
            let title = text(members["title"], "the study's \"title\"", in: json)
            guard let tasksJSON = members["tasks"] else {
                fail(json, "the study's \"tasks\" is missing")
                return nil
            }
            guard case .array(let list) = tasksJSON.value, !list.isEmpty else {
                fail(tasksJSON, "the study's \"tasks\" must be a non-empty array of tasks")
                return nil
            }
            let tasks = list.enumerated().map { task($1, index: $0) }
            guard let title, !tasks.contains(nil) else { return nil }
            return Study(title: title, tasks: tasks.compactMap { $0 })
        }

        mutating func task(_ json: SourceJSON, index: Int) -> StudyTask? {
            let what = "task \(index + 1)"
            guard let members = members(json, of: what, allowed: ["prompt", "start", "goal", "expected"]) else {
                return nil
            }
            let prompt = text(members["prompt"], "\(what)'s \"prompt\"", in: json)
            var start: StudyStart?
            if let text = text(members["start"], "\(what)'s \"start\"", in: json) {
                start = StudyStart(text)
                if start == nil, let startJSON = members["start"] {
                    fail(startJSON, "\(what)'s \"start\" \"\(text)\" is neither \"start\" nor a deep link path (/...)")
                }
            }
            let goal = screens(members["goal"], "\(what)'s \"goal\"", in: json, task: index, isGoal: true)
            var expected: [[String]]? = []
            if let expectedJSON = members["expected"] {
                if case .array(let paths) = expectedJSON.value {
                    let read = paths.map {
                        screens($0, "an expected path of \(what)", in: json, task: index, isGoal: false)
                    }
                    expected = read.contains(nil) ? nil : read.compactMap { $0 }
                } else {
                    fail(
                        expectedJSON,
                        "\(what)'s \"expected\" must be an array of screen arrays, not \(expectedJSON.kind)")
                    expected = nil
                }
            }
            guard let prompt, let start, let goal, let expected else { return nil }
            return StudyTask(prompt: prompt, start: start, goal: goal, expected: expected)
        }

        mutating func screens(_ json: SourceJSON?, _ what: String, in parent: SourceJSON, task: Int, isGoal: Bool)
            -> [String]?
        {
            guard let json else {
                fail(parent, "\(what) is missing")
                return nil
            }
            guard case .array(let list) = json.value, !list.isEmpty else {
                fail(json, "\(what) must be a non-empty array of screens")
                return nil
            }
            var names: [String] = []
            for element in list {
                guard let name = text(element, "a screen of \(what)", in: json) else { continue }
                names.append(name)
                screenNames.append(
                    ScreenName(name: name, task: task, isGoal: isGoal, line: element.line, column: element.column))
            }
            return names.count == list.count ? names : nil
        }
    }
}
