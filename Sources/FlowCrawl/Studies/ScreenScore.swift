/// One screen of a task's expected (or shortest) path with its usability score
/// (``StudyResults/scoreFormula``), Maze's published one with the median in place of the mean.
public struct ScreenScore: Sendable, Equatable {
    /// The screen as the expected path names it (a storyboard id or a template), or a shortest
    /// path's screen's id.
    public let name: String
    /// The storyboard's screens it stands for (a template stands for each of its screens).
    public let screens: [Int]
    /// Testers whose part reached it.
    public var reached = 0
    /// Of those, testers who gave up or bounced on it.
    public var droppedOff = 0
    /// Misclicks on it, over the parts that ran `flowhost.js`.
    public var misclicks = 0
    /// Clicks on its actions, over the same parts.
    public var clicks = 0
    /// Whether any part that reached it ran `flowhost.js`: else its misclicks are unknown.
    public var misclicksKnown = false
    /// The times it was on for, in seconds (`FlowHostApp/StudyEvent/Kind/screenTime(screen:seconds:)`).
    var times: [Double] = []

    /// A screen of the path named `name`, standing for `screens`.
    public init(name: String, screens: [Int]) {
        self.name = name
        self.screens = screens
    }

    /// Percent of the testers who reached it that dropped off on it.
    public var dropOffPercent: Double { reached == 0 ? 0 : 100 * Double(droppedOff) / Double(reached) }

    /// Percent of its clicks that hit no action; nil when unknown.
    public var misclickPercent: Double? {
        guard misclicksKnown else { return nil }
        return misclicks + clicks == 0 ? 0 : 100 * Double(misclicks) / Double(misclicks + clicks)
    }

    /// The median seconds it was on for; nil when no time was recorded.
    public var medianSeconds: Double? { TaskResults.median(times) }

    /// The time penalty: (median seconds − 5) ÷ 2, between 0 and 10; 0 with no time recorded.
    public var timePenalty: Double { min(10, max(0, ((medianSeconds ?? 0) - 5) / 2)) }

    /// ``StudyResults/scoreFormula``.
    public var score: Double { max(0, 100 - dropOffPercent - 0.5 * (misclickPercent ?? 0) - timePenalty) }
}
