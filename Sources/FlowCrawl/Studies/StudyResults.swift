/// A study's results (issue 40's Maze-like figures), folded from its testers' events and path
/// copies on a crawl's storyboard without replaying them (``TrafficMap/results(of:testers:now:idleTime:)``):
/// per task who succeeded and by which way, who gave up, said "I'm done", bounced or is still at it,
/// how long it took, how often a click hit nothing; per screen of the expected (or shortest) path
/// a usability score. Counts only: no typed value of a tester is in them.
public struct StudyResults: Sendable, Equatable {
    /// The storyboard the screens are indices of.
    public let storyboard: Storyboard
    /// By task, in the study's order.
    public let tasks: [TaskResults]

    /// The usability score of a screen, as a sentence the results pages show.
    public static let scoreFormula =
        "score = 100 − drop-off % − 0.5 × misclick % − time penalty, at least 0; the time penalty is "
        + "(median seconds on the screen − 5) ÷ 2, between 0 and 10; a screen whose misclicks are unknown "
        + "(no tester ran the page script) loses nothing for them"

    /// Results of `tasks` on `storyboard`.
    public init(storyboard: Storyboard, tasks: [TaskResults]) {
        self.storyboard = storyboard
        self.tasks = tasks
    }
}
