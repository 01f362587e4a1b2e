import FlowHostApp

/// One recorded path of a study replayed on today's build (``StudyRerun``): a tester's part of
/// their path for one task, how it ended when they did it, and what it does now.
public struct RerunPath: Sendable, Equatable {
    /// How the tester's task ended when they did it.
    public enum Ending: String, Sendable, Equatable, CaseIterable {
        /// A goal screen was reached.
        case succeeded
        /// The tester said "I'm done" without reaching a goal screen.
        case done
        /// The tester gave up.
        case gaveUp
        /// The tester left without ending the task; the part replayed is what the store kept.
        case bounced
    }

    /// The first step of a recorded path that today's build no longer has.
    public struct MissingStep: Sendable, Equatable {
        /// Its number in the task's part, from 1.
        public let step: Int
        /// The storyboard screen the replay was on when the step could not be done.
        public let screen: String
        /// The step as the path names it: the action's position and template
        /// (`action 2 of layer 0 / 0.1 (movies/detail)`), a form's field names without their
        /// values, Back to a screen, a deep link, a live move.
        public let action: String
        /// The label of the link or button the tester clicked (`Rate`), as their page showed it;
        /// nil for a step that is no click on a labelled action, and for every step of a path
        /// recorded before labels were kept (``action`` names it by position then).
        public let label: String?
        /// Why it cannot be done (`is not on screen`, `opens no screen of this app`).
        public let reason: String

        /// A missing step.
        public init(step: Int, screen: String, action: String, label: String? = nil, reason: String) {
            self.step = step
            self.screen = screen
            self.action = action
            self.label = label
            self.reason = reason
        }
    }

    /// The tester, by number from 1 in the order they started.
    public let tester: Int
    /// The task, by index in its study.
    public let task: Int
    /// How it ended when the tester did it.
    public let ending: Ending
    /// How many entries the part has.
    public let entries: Int
    /// After how many of its entries today's build shows a goal screen of the task; nil when it
    /// does not reach one.
    public let reachedGoalAt: Int?
    /// The storyboard screen the replay ends on: the goal screen reached, else where it stopped.
    public let endsOn: String
    /// The first step that no longer exists, when the replay stopped before the part's end without
    /// reaching a goal.
    public let missingStep: MissingStep?

    /// A replayed path.
    public init(
        tester: Int, task: Int, ending: Ending, entries: Int, reachedGoalAt: Int?, endsOn: String,
        missingStep: MissingStep?
    ) {
        self.tester = tester
        self.task = task
        self.ending = ending
        self.entries = entries
        self.reachedGoalAt = reachedGoalAt
        self.endsOn = endsOn
        self.missingStep = missingStep
    }

    /// Whether it still reaches a goal of its task.
    public var reachesGoal: Bool { reachedGoalAt != nil }

    /// Whether it reached a goal when recorded and no longer does: what makes a re-run fail. A
    /// path that gave up and still fails is none.
    public var isRegression: Bool { ending == .succeeded && !reachesGoal }
}
