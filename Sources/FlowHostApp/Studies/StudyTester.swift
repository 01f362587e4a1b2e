import Foundation
import HTMLPresenter

/// One tester of a study as a ``ClickPathStore`` keeps them: anonymous (their session is named by
/// nothing the results show), their events, and a copy of their click path made when a task ended.
///
/// The copy is the study's own: a tester's session ends like any other (idle, least recently used,
/// its bound), and the study's results and re-runs must outlive it. Copying at each task's end
/// leaves the sessions' rules as they are; a bounced tester's path after their last ended task is
/// not kept, and their events (their screens' times) say where they were.
public struct StudyTester: Sendable, Equatable {
    /// When they opened the study link.
    public var started: Date
    /// Their events, in order.
    public var events: [StudyEvent]
    /// Their click path as of the end of their last ended task (empty before); secret values are
    /// kept as the session's are (sealed at rest), for re-runs; results never show field values.
    public var path: ClickPath

    /// A tester as a store read them.
    public init(started: Date, events: [StudyEvent], path: ClickPath) {
        self.started = started
        self.events = events
        self.path = path
    }
}
