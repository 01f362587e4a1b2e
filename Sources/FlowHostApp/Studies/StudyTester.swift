import Foundation
import HTMLPresenter

/// One tester of a study as a ``ClickPathStore`` keeps them: anonymous (their session is named by
/// nothing the results show), their events, and a copy of their click path made when a task ended
/// and when their session left memory (ended, or the server stopped) mid-task.
///
/// The copy is the study's own: a tester's session ends like any other (idle, least recently used,
/// its bound), and the study's results and re-runs must outlive it. Copying at each task's end and
/// at the session's leaving leaves the sessions' rules as they are and costs no store write per
/// click; a bounced tester's copy then runs past their last `started` event, to where they left.
public struct StudyTester: Sendable, Equatable {
    /// When they opened the study link.
    public var started: Date
    /// Their events, in order.
    public var events: [StudyEvent]
    /// Their click path as of their last ended task, or as of their session's leaving in a task
    /// under way (empty before either); the part after a task's `started` entry without an end
    /// event is where a bounced tester went. Secret values are kept as the session's are (sealed
    /// at rest), for re-runs; results never show field values.
    public var path: ClickPath
    /// When the store last stored a click of their session (its last use), or nil when it keeps
    /// no session of theirs (ended, or no click yet). A session's clicks are stored as it clicks,
    /// while its study events wait for the task's end: this says a tester who has not ended a
    /// task for longer than the idle time is still at it (results count them under way, not
    /// bounced).
    public var lastClick: Date?
    /// The label of each entry of ``path``, by index: the visible text of the link or button the
    /// tester clicked (at most ``maxLabelLength`` characters, never one that holds a value they
    /// typed), nil for other entries; none at all in a copy recorded before labels were kept (a
    /// re-run then names a missing step by its position).
    public var labels: [String?]

    /// The most characters a label keeps.
    public static let maxLabelLength = 80

    /// A tester as a store read them.
    public init(started: Date, events: [StudyEvent], path: ClickPath, lastClick: Date? = nil, labels: [String?] = []) {
        self.started = started
        self.events = events
        self.path = path
        self.lastClick = lastClick
        self.labels = labels
    }

    /// The label of the entry at `index` of ``path``, if it has one.
    public func label(at index: Int) -> String? {
        labels.indices.contains(index) ? labels[index] : nil
    }
}
