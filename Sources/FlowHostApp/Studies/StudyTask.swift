/// One task of a ``Study``: what a tester is asked, where they start, and which screens mean they
/// made it.
///
/// Screens are named as the storyboard names them: by a screen's id
/// (`movies/detail in tab Movies › navigation`), or by a template, which stands for every screen
/// of that template (`movies/detail`).
public struct StudyTask: Sendable, Equatable, Codable {
    /// What the tester is asked to do, shown above the phone.
    public var prompt: String
    /// Where the tester starts.
    public var start: StudyStart
    /// The screens that end the task as a success when the tester reaches one (at least one).
    public var goal: [String]
    /// The ways the designers expect, each a sequence of screens; reaching the goal by one of them
    /// is a direct success. Empty: a shortest path counts as the expected one.
    public var expected: [[String]]

    /// A task of these parts.
    public init(prompt: String, start: StudyStart, goal: [String], expected: [[String]] = []) {
        self.prompt = prompt
        self.start = start
        self.goal = goal
        self.expected = expected
    }

    private enum CodingKeys: String, CodingKey {
        case prompt, start, goal, expected
    }

    /// Reads a task; a missing `expected` is none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            prompt: try container.decode(String.self, forKey: .prompt),
            start: try container.decode(StudyStart.self, forKey: .start),
            goal: try container.decode([String].self, forKey: .goal),
            expected: try container.decodeIfPresent([[String]].self, forKey: .expected) ?? [])
    }
}
