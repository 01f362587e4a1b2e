import Foundation

/// What a run of pixel snapshots found.
public struct SnapshotRun: Sendable {
    /// The Chromium version that shot them.
    public let chromium: String
    /// Every picture's outcome: changed, new, gone and failed first (in that order), each kind
    /// grouped by storyboard screen, then the same ones.
    public let states: [StateSnapshot]
    /// Things said once about the whole run (another Chromium than the baselines', other
    /// settings, Chromium restarted after a crash).
    public let notices: [String]
    /// How many times Chromium was started again after it went away.
    public let chromiumRestarts: Int
    /// The report's `index.html`, when a report was written.
    public let report: URL?

    /// The outcome given.
    public init(chromium: String, states: [StateSnapshot], notices: [String], chromiumRestarts: Int, report: URL?) {
        self.chromium = chromium
        self.states = states
        self.notices = notices
        self.chromiumRestarts = chromiumRestarts
        self.report = report
    }

    /// How many pictures have `status`.
    public func count(_ status: SnapshotStatus) -> Int {
        states.count { $0.status == status }
    }

    /// How many pictures were shot.
    public var shotCount: Int { states.count(where: \.wasShot) }

    /// Whether every picture is the same as its baseline (nothing changed, new, gone or failed).
    public var isSame: Bool { states.allSatisfy { $0.status == .same } }

    /// The exit status of `flowhost snapshot`: 0 when every picture is the same, else 1; 2 is for
    /// a run that could not be made (a ``SnapshotError``). A run that recorded what it found is 0.
    public var exitStatus: Int32 {
        states.allSatisfy { $0.status == .same || ($0.wasRecorded && $0.status != .failed) } ? 0 : 1
    }

    /// One line: how many of each.
    public var summary: String {
        let counts = SnapshotStatus.allCases.compactMap { status -> String? in
            let count = count(status)
            return count == 0 ? nil : "\(count) \(status.rawValue)"
        }
        let recorded = states.count(where: \.wasRecorded)
        return "\(states.count) pictures: \(counts.joined(separator: ", "))" + "; \(shotCount) shot"
            + (recorded > 0 ? ", \(recorded) recorded" : "")
    }
}
