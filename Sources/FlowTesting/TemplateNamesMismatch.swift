import HTMLPresenter

/// What ``assertAppSnapshot(of:options:includingPages:strictNames:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// found with `strictNames`: names that templates and view models do not agree on.
public struct TemplateNamesMismatch: Error, CustomStringConvertible {
    /// Each name, where it is and what is wrong.
    public let findings: [TemplateNameFinding]

    /// One `file:line:col: error: message` line per finding.
    public var description: String {
        findings.map { "\($0.location): error: \($0.message)" }.joined(separator: "\n")
    }
}
