/// Why pixel snapshots could not be taken or compared at all (a state that fails alone is a
/// ``SnapshotStatus/failed`` state instead). Each message names the file or folder at fault.
public enum SnapshotError: Error, Equatable, CustomStringConvertible {
    /// Chromium is missing or does not start.
    case chromium(ChromiumError)
    /// A folder the run must write (the baselines when recording, the report) cannot be written.
    case notWritable(path: String, reason: String)
    /// A baseline file is not a PNG, or is a damaged one.
    case notPNG(path: String, reason: String)
    /// The baseline folder's record of its states cannot be read.
    case unreadableManifest(path: String, reason: String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)
    /// A state's page did not render.
    case render(state: String, reason: String)

    /// One line: what is wrong, and where.
    public var description: String {
        switch self {
        case .chromium(let error): error.description
        case .notWritable(let path, let reason): "\(path): cannot be written (\(reason))"
        case .notPNG(let path, let reason):
            "\(path): not a PNG snapshot (\(reason)); remove it, or record the snapshots again with --record"
        case .unreadableManifest(let path, let reason):
            "\(path): cannot be read (\(reason)); remove it to shoot every state again"
        case .cannotWrite(let path, let reason): "\(path): cannot be written (\(reason))"
        case .render(let state, let reason): "state \(state): its page does not render: \(reason)"
        }
    }
}
