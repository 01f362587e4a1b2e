import FlowHostApp
import Foundation
import HTMLPresenter

/// What the New study form (`/_flowhost/studies/new`) holds: what the owner typed, as typed, so
/// that a refused form shows it again with the reasons, and the ``Study`` it makes.
///
/// The form has ``rowCount`` task rows, so that it works without JavaScript; a row left blank is
/// no task. A row's start and goal screens are chosen among the crawl's (its entries, its
/// storyboard's screens and their templates); expected paths are typed, a line each, screens
/// separated by commas.
struct StudyDraft: Sendable {
    /// One task row, as typed.
    struct Row: Sendable, Equatable {
        var prompt = ""
        /// `start`, or a deep link's path.
        var start = "start"
        /// Screen ids or templates.
        var goal: [String] = []
        /// A line per path; screens separated by commas.
        var expected = ""

        var isBlank: Bool {
            prompt.allSatisfy(\.isWhitespace) && goal.isEmpty && expected.allSatisfy(\.isWhitespace)
        }
    }

    /// What the app offers to choose from: its crawl's entries and screens.
    struct Choices: Sendable {
        /// `start` and each deep link's path the crawl followed.
        var starts: [String]
        /// Every storyboard screen's id, with its template.
        var screens: [(id: String, template: String)]

        /// Every screen's template, once, in order.
        var templates: [String] {
            var seen: Set<String> = []
            return screens.map(\.template).filter { seen.insert($0).inserted }
        }

        /// Whether `name` names a screen: its id or its template.
        func knows(_ name: String) -> Bool {
            screens.contains { $0.id == name || $0.template == name }
        }
    }

    /// How many task rows the form has.
    static let rowCount = 5
    /// The longest title, prompt and expected paths text taken: a study is read by testers, and
    /// kept in the store.
    static let maxTitle = 200
    static let maxPrompt = 1000
    static let maxExpected = 4000

    var title = ""
    var rows = Array(repeating: Row(), count: rowCount)

    /// An empty form.
    init() {}

    /// The form as posted: `title`, and for each row N (from 1) `promptN`, `startN`, `goalN` (one
    /// field per screen chosen) and `expectedN`. Fields past the bounds are cut to them (the
    /// reasons say so).
    init(fields: FormFields) {
        title = fields["title"] ?? ""
        for index in rows.indices {
            let number = index + 1
            rows[index] = Row(
                prompt: fields["prompt\(number)"] ?? "", start: fields["start\(number)"] ?? "start",
                goal: fields.values(named: "goal\(number)"), expected: fields["expected\(number)"] ?? "")
        }
    }

    /// The study the form makes with `choices`, or every reason it makes none, each naming its
    /// field.
    func study(choosingFrom choices: Choices) -> Result<Study, Problems> {
        var problems: [String] = []
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { problems.append("The study needs a title.") }
        if title.count > Self.maxTitle { problems.append("The title is longer than \(Self.maxTitle) characters.") }
        var tasks: [StudyTask] = []
        for (index, row) in rows.enumerated() where !row.isBlank {
            let name = "Task \(index + 1)"
            let prompt = row.prompt.trimmingCharacters(in: .whitespacesAndNewlines)
            if prompt.isEmpty { problems.append("\(name) needs a prompt: what the tester is asked to do.") }
            if prompt.count > Self.maxPrompt {
                problems.append("\(name)'s prompt is longer than \(Self.maxPrompt) characters.")
            }
            let start = choices.starts.contains(row.start) ? StudyStart(row.start) : nil
            if start == nil { problems.append("\(name)'s start \"\(row.start)\" is not one the app offers.") }
            if row.goal.isEmpty { problems.append("\(name) needs at least one goal screen.") }
            for screen in row.goal where !choices.knows(screen) {
                problems.append("\(name)'s goal \"\(screen)\" is no screen of the app.")
            }
            if row.expected.count > Self.maxExpected {
                problems.append("\(name)'s expected paths are longer than \(Self.maxExpected) characters.")
            }
            let expected = Self.paths(row.expected)
            for screen in expected.joined() where !choices.knows(screen) {
                problems.append("\(name)'s expected path names \"\(screen)\", which is no screen of the app.")
            }
            if let start { tasks.append(StudyTask(prompt: prompt, start: start, goal: row.goal, expected: expected)) }
        }
        if rows.allSatisfy(\.isBlank) { problems.append("The study needs at least one task.") }
        guard problems.isEmpty else { return .failure(Problems(reasons: problems)) }
        return .success(Study(title: title, tasks: tasks))
    }

    /// The paths of an expected paths text: a line each, screens separated by commas, blank ones
    /// left out.
    static func paths(_ text: String) -> [[String]] {
        text.split(whereSeparator: \.isNewline).map { line in
            line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }.filter { !$0.isEmpty }
    }

    /// Why a form makes no study.
    struct Problems: Error, Sendable, Equatable {
        /// Each reason, a sentence.
        var reasons: [String]
    }

    /// The id of a study titled `title`: its letters and digits, lowercased, words joined by `-`
    /// (`Rate a movie!` is `rate-a-movie`), cut to fit an id; `study` when none is left, and
    /// `new-study` for `new`, the form's own name.
    static func id(ofTitle title: String) -> String {
        var id = ""
        for scalar in title.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, !id.hasSuffix("-") {
                id += "-"
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        id = String(id.prefix(48))
        while id.hasSuffix("-") { id.removeLast() }
        if id.isEmpty { return "study" }
        // `new` names the form itself (`StudyFile.isID`).
        return id == "new" ? "new-study" : id
    }
}
