import FlowHostApp
import Foundation

/// One picture's outcome in a run: a state (in one colour scheme) and how it compares.
public struct StateSnapshot: Sendable, Equatable, CustomStringConvertible {
    /// Its name: the state's ``FlowCrawl/FlowMap/State/snapshotName``, `.dark` after it for the
    /// dark colour scheme.
    public let name: String
    /// The storyboard screen of its state (a gone state's as recorded).
    public let screen: String
    /// The state's title.
    public let title: String
    /// The click path that reaches the state; nil for a gone state.
    public let clickPath: ClickPath?
    /// The same way as a person reads it: where it starts (`start`, a deep link's path), then the
    /// label of each action clicked (empty for a gone state).
    public let steps: [String]
    /// How it compares with its baseline.
    public let status: SnapshotStatus
    /// Pixels that differ beyond the threshold (0 when the same; nil when there is nothing to
    /// compare: new, gone, failed).
    public let differentPixels: Int?
    /// Whether it was shot in this run (else its page and files were unchanged, or it is gone).
    public let wasShot: Bool
    /// Whether its baseline was written (or, gone, removed) in this run.
    public let wasRecorded: Bool
    /// Why it failed, for a failed state.
    public let problem: String?
    /// Its baseline picture, when it has one.
    public var expected: URL?
    /// This run's picture, when kept (in the report, or as the new baseline).
    public var actual: URL?
    /// The diff picture, when it changed.
    public var diff: URL?

    /// The outcome given.
    public init(
        name: String, screen: String, title: String, clickPath: ClickPath?, steps: [String], status: SnapshotStatus,
        differentPixels: Int?, wasShot: Bool, wasRecorded: Bool, problem: String? = nil, expected: URL? = nil,
        actual: URL? = nil, diff: URL? = nil
    ) {
        self.name = name
        self.screen = screen
        self.title = title
        self.clickPath = clickPath
        self.steps = steps
        self.status = status
        self.differentPixels = differentPixels
        self.wasShot = wasShot
        self.wasRecorded = wasRecorded
        self.problem = problem
        self.expected = expected
        self.actual = actual
        self.diff = diff
    }

    /// One line: `changed: movies-detail-0119d672a9a40af8 (Inception), 4530 pixels differ; reached by
    /// start > Sign In (sample) > Inception`, a failed state's problem after its title.
    public var description: String {
        var line = "\(status.rawValue): \(name) (\(title))"
        if let differentPixels, status == .changed { line += ", \(differentPixels) pixels differ" }
        if let problem { line += ": \(problem)" }
        if !steps.isEmpty { line += "; reached by " + steps.joined(separator: " > ") }
        return line
    }
}
