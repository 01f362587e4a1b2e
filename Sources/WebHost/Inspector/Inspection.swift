import FlowCore
import FlowHostApp

/// What the inspector shows of one session, as plain values: its coordinator tree, its step log,
/// its click path (each entry with the URL that goes back to it) and that path as a test.
struct Inspection: Sendable {
    /// The coordinator tree; nil once the session's coordinator is gone.
    var coordinators: CoordinatorSnapshot?
    /// The step log, newest first.
    var log: [NavigationLogEntry]
    /// The click path, oldest first.
    var clickPath: ClickPath
    /// The URL that replays the first n entries, for n from 0 to the path's length.
    var backToHereURL: @Sendable (_ entryCount: Int) -> String
    /// Swift Testing source that replays the path and snapshots each page; nil when the app does
    /// not say how a test makes it.
    var testSource: String?

    /// What the inspector shows.
    init(
        coordinators: CoordinatorSnapshot?, log: [NavigationLogEntry], clickPath: ClickPath,
        backToHereURL: @escaping @Sendable (_ entryCount: Int) -> String, testSource: String?
    ) {
        self.coordinators = coordinators
        self.log = log
        self.clickPath = clickPath
        self.backToHereURL = backToHereURL
        self.testSource = testSource
    }
}
