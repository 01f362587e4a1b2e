/// Why an action token was refused. Nothing changed.
public enum ActionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// This window never issued the token: mistyped, forged, or another session's.
    case unknown
    /// The token was issued for a screen that is no longer on screen as it was rendered.
    case stale

    /// A message for the person who clicked.
    public var description: String {
        switch self {
        case .unknown: "This action does not exist. It may belong to another session."
        case .stale: "This page was out of date: what you clicked is no longer on screen."
        }
    }
}
