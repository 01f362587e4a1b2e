import Foundation

/// What ``assertAppSnapshot(of:as:options:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// found different from its baseline pictures (or recorded).
public struct PixelSnapshotMismatch: Error, CustomStringConvertible {
    /// One line per picture that changed, is new, is gone, failed or was recorded: its status,
    /// name, title, how many pixels differ, the way to its state.
    public let pictures: [String]
    /// What was said once about the run (another Chromium than the baselines', other settings).
    public let notices: [String]
    /// How many pictures of each status, and how many were shot.
    public let summary: String
    /// The review report's page: expected, actual and diff side by side.
    public let report: URL?

    /// The notices, the pictures, the summary and the report, one a line.
    public var description: String {
        let count = "\(pictures.count) picture\(pictures.count == 1 ? "" : "s") of the app differ or were recorded"
        return
            ([count + ":"] + notices + pictures + [summary] + (report.map { ["report: \($0.absoluteString)"] } ?? []))
            .joined(separator: "\n")
    }
}
