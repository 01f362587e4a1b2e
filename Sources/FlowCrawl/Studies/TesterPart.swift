import Foundation

/// One tester's part of one task: how it ended, and where it went on the storyboard.
public struct TesterPart: Sendable, Equatable {
    /// How a tester's part of a task ended.
    public enum Outcome: String, Sendable, Equatable, CaseIterable {
        /// Reached a goal by an expected path, or in the fewest clicks when none is given.
        case directSuccess
        /// Reached a goal another way.
        case indirectSuccess
        /// Said "Give up".
        case gaveUp
        /// Said "I'm done" without reaching a goal.
        case done
        /// Left without ending it: no event and no click for longer than the session idle time.
        case bounced
        /// Not ended yet: an event or a click within the session idle time.
        case underWay
    }

    /// The tester, by index in the study's testers (in the order they started).
    public let tester: Int
    /// When the tester opened the study link. With ``tester`` it names them for *Open at this
    /// state*: a tester who starts again is filed last, which moves the index of every tester after.
    public let started: Date
    /// How it ended.
    public let outcome: Outcome
    /// Where it is in the tester's path copy: it replays from the task's start alone.
    public let entries: Range<Int>
    /// It walked on the storyboard; nil when the copy holds none of it (a bounced tester's part
    /// that was never copied).
    public let walk: PathWalk?
    /// The screen it was last on, by index in the storyboard, when known.
    public let lastScreen: Int?
    /// Seconds from its start to its end; nil when it did not end.
    public let seconds: Double?

    /// ``started`` in whole milliseconds since 1970: what the results page sends back with
    /// ``tester`` to open this part, and compares with the tester it finds at that index.
    public var startStamp: Int64 { Self.startStamp(started) }

    /// `started` in whole milliseconds since 1970, as ``startStamp``.
    public static func startStamp(_ started: Date) -> Int64 {
        Int64((started.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// A part of these figures.
    public init(
        tester: Int, started: Date, outcome: Outcome, entries: Range<Int>, walk: PathWalk?, lastScreen: Int?,
        seconds: Double?
    ) {
        self.tester = tester
        self.started = started
        self.outcome = outcome
        self.entries = entries
        self.walk = walk
        self.lastScreen = lastScreen
        self.seconds = seconds
    }
}
