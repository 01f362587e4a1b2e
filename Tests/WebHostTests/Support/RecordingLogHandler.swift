import Logging
import Synchronization

/// A log handler that keeps every message, for tests that check what the server logged.
struct RecordingLogHandler: LogHandler {
    /// The messages logged so far, shared by every copy of the handler.
    final class Messages: Sendable {
        private let lines = Mutex<[(Logger.Level, String)]>([])
        func append(_ level: Logger.Level, _ message: String) { lines.withLock { $0.append((level, message)) } }
        var all: [(level: Logger.Level, message: String)] { lines.withLock { $0.map { ($0.0, $0.1) } } }
    }

    let messages: Messages
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        messages.append(event.level, event.message.description)
    }
}
