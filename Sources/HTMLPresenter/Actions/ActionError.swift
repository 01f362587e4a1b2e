/// Why an action token was refused. Nothing changed.
public enum ActionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// This window never issued the token: mistyped, forged, or another session's.
    case unknown
    /// The token was issued for a screen that is no longer on screen as it was rendered.
    case stale
    /// The token is the last action taken, posted again with the same values: a double click, or a
    /// request retried by a proxy after the server that took it went away. It is not taken twice;
    /// the host shows the page it led to.
    case alreadyTaken

    /// A message for the person who clicked.
    public var description: String {
        switch self {
        case .unknown: "This action does not exist. It may belong to another session."
        case .stale: "This page was out of date: what you clicked is no longer on screen."
        case .alreadyTaken: "This was done already: here is the page it led to."
        }
    }
}
