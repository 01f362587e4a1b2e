import Foundation

/// What a tester did in a study's task, besides their clicks (which are their session's click
/// path): when a task started and how it ended, and how long each screen was looked at. A tester
/// who left without ending a task has no end event: results call that a bounce once the session's
/// idle time passed.
public struct StudyEvent: Sendable, Equatable, Codable {
    /// What happened.
    public enum Kind: Sendable, Equatable, Codable {
        /// The task was shown; its path starts at entry `entry` of the tester's click path.
        case started(entry: Int)
        /// A goal screen was reached by the click path's first `entry` entries.
        case succeeded(entry: Int)
        /// The tester said "I'm done" without reaching a goal screen, after `entry` entries.
        case done(entry: Int)
        /// The tester gave up after `entry` entries.
        case gaveUp(entry: Int)
        /// The screen `screen` (a storyboard screen's id) was on for `seconds`.
        case screenTime(screen: String, seconds: Double)
        /// A click on the phone's screen `screen` (a storyboard screen's id) hit no action, at `x`
        /// and `y`, fractions of the screen's width and height from its top left; `flowhost.js`
        /// sends them.
        case misclick(screen: String, x: Double, y: Double)
        /// `flowhost.js` ran on the task's pages, so its misclicks are known: with JavaScript off
        /// a task has no such event, and its results say its misclicks are unknown.
        case scriptRan
    }

    /// The task, by index in its study.
    public var task: Int
    /// When.
    public var at: Date
    /// What.
    public var kind: Kind

    /// An event of `task` at `at`.
    public init(task: Int, at: Date, kind: Kind) {
        self.task = task
        self.at = at
        self.kind = kind
    }

    /// Whether it ends its task.
    public var endsTask: Bool {
        switch kind {
        case .succeeded, .done, .gaveUp: true
        case .started, .screenTime, .misclick, .scriptRan: false
        }
    }
}
