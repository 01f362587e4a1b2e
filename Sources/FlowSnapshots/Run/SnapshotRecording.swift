/// Which pictures a run writes into the baseline folder; swift-snapshot-testing's record modes
/// (`SNAPSHOT_TESTING_RECORD`), for whole-app pixel snapshots.
public enum SnapshotRecording: String, Sendable, Equatable, CaseIterable {
    /// Writes nothing: the run only compares (`flowhost snapshot`; CI).
    case never
    /// Writes the pictures of new states only.
    case missing
    /// Writes the pictures of new and changed states, and removes those of gone ones: the
    /// changes accepted (`flowhost snapshot --record`).
    case failed
    /// Shoots every state again and writes every picture (`--record --all`).
    case all

    /// Whether a state of `status` gets its picture written (or, gone, removed).
    func records(_ status: SnapshotStatus) -> Bool {
        switch (self, status) {
        case (.never, _), (_, .failed): false
        case (.missing, .new): true
        case (.missing, _): false
        case (.failed, .changed), (.failed, .new), (.failed, .gone): true
        case (.failed, _): false
        case (.all, _): true
        }
    }
}
