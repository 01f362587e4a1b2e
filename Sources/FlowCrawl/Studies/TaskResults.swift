import FlowHostApp
import Foundation

/// The results of one task of a study (``StudyResults``).
///
/// Each tester who started the task counts once, by how their part of it ended
/// (``TesterPart/Outcome``): every tester is in exactly one of ``directSuccess``,
/// ``indirectSuccess``, ``gaveUp``, ``done``, ``bounced`` and ``underWay``.
public struct TaskResults: Sendable, Equatable {
    /// The task, by index in its study.
    public let task: Int
    /// Testers who started it.
    public var testers = 0
    /// Reached a goal screen by an expected path, or in the fewest clicks when none is given.
    public var directSuccess = 0
    /// Reached a goal screen another way.
    public var indirectSuccess = 0
    /// Said "Give up".
    public var gaveUp = 0
    /// Said "I'm done" on a screen that is not a goal (a success ends the task on its own).
    public var done = 0
    /// Left without ending it: no end event, and their last event and last click older than the
    /// session idle time.
    public var bounced = 0
    /// Not ended, their last event or last click within the session idle time: still at it, in no
    /// other count.
    public var underWay = 0
    /// The median seconds from the task's start to its end, over the testers who ended it (not
    /// bounced nor under way); nil when none did.
    public var medianSeconds: Double? { Self.median(seconds) }
    /// Misclicks of the parts whose pages ran `flowhost.js` (`FlowHostApp/StudyEvent/Kind/scriptRan`).
    public var misclicks = 0
    /// Clicks on actions of those parts.
    public var clicks = 0
    /// How many parts ran `flowhost.js`: misclicks are known for those only.
    public var partsWithScript = 0
    /// Misclicks ÷ (misclicks + clicks) over the parts that ran `flowhost.js`; nil when none did
    /// (JavaScript off everywhere): then misclicks are unknown, not none.
    public var misclickRate: Double? {
        guard partsWithScript > 0 else { return nil }
        return misclicks + clicks == 0 ? 0 : Double(misclicks) / Double(misclicks + clicks)
    }
    /// Whether ``screens`` follow an expected path (else a shortest path of the crawl).
    public var scoresExpectedPath = false
    /// The usability score of each screen of the first expected path, or of a shortest path from
    /// the task's start to a goal when none is given (empty when the crawl has no such path).
    public var screens: [ScreenScore] = []
    /// The testers' parts walked on the storyboard: ``TrafficFigures/ScreenFigures/visits`` and
    /// ``TrafficFigures/segues`` count testers; ``TrafficFigures/ScreenFigures/exits`` counts the
    /// drop-offs, the testers who gave up or bounced there.
    public var figures: TrafficFigures
    /// The misclicks on each screen of the storyboard, by index (for the heat maps).
    public var misclickPoints: [Int: [ScreenComment.Point]] = [:]
    /// Each tester's part, in the order the testers started.
    public var parts: [TesterPart] = []
    /// The durations of the ended parts.
    var seconds: [Double] = []

    /// No testers yet for the task `task`, on a storyboard of `screens` screens and `segues` segues.
    public init(task: Int, screens: Int, segues: Int) {
        self.task = task
        figures = TrafficFigures(screens: screens, segues: segues)
    }

    /// The median of `values`, nil for none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
