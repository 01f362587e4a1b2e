/// Why folders cannot be watched.
enum DirectoryWatcherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The system offers no file events.
    case unavailable(String)
    /// This folder cannot be watched.
    case cannotWatch(String, String)

    var description: String {
        switch self {
        case .unavailable(let reason): "file events are not available: \(reason)"
        case .cannotWatch(let directory, let reason): "\(directory) cannot be watched: \(reason)"
        }
    }
}
