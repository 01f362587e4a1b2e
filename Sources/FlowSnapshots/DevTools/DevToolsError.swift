/// Why a DevTools command or wait failed.
public enum DevToolsError: Error, Equatable, CustomStringConvertible {
    /// Chromium answered the command with an error.
    case command(method: String, message: String)
    /// The connection to Chromium ended (it exited or crashed); `reason` says what was seen.
    case closed(reason: String)
    /// The tab's renderer crashed, or the tab went away.
    case tabGone(reason: String)
    /// Nothing came within the time allowed.
    case timedOut(what: String, seconds: Double)
    /// Chromium's answer could not be read.
    case unreadable(method: String, reason: String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .command(let method, let message): "Chromium refused \(method): \(message)"
        case .closed(let reason): "Chromium's connection ended (\(reason))"
        case .tabGone(let reason): "the tab went away (\(reason))"
        case .timedOut(let what, let seconds): "\(what) took longer than \(Self.format(seconds)) s"
        case .unreadable(let method, let reason): "Chromium's answer to \(method) could not be read: \(reason)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
