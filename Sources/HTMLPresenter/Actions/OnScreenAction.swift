import FlowCore

/// An action on screen: its token and what it does, for the screen tree, logs and the debugger.
public struct OnScreenAction: Sendable, Equatable, CustomStringConvertible {
    /// What an action does, kept as given: a step is described only when someone asks (describing
    /// an enum goes through reflection and would cost more than capturing the whole page).
    enum Purpose: Sendable {
        case text(String)
        case step(any Step)
    }

    /// The 32-hex-digit token in the action's URL.
    public let token: String
    private let purpose: Purpose

    init(token: String, purpose: Purpose) {
        self.token = token
        self.purpose = purpose
    }

    /// What it does: `step detail(id: 3)`, `back to Movies`, `tab Profile`, `form`.
    public var description: String {
        switch purpose {
        case .text(let text): text
        case .step(let step): "step \(step)"
        }
    }

    /// The URL to POST to.
    public var url: String { FlowHostRoute.action(token: token).url }

    /// Same token, same purpose.
    public static func == (lhs: OnScreenAction, rhs: OnScreenAction) -> Bool {
        lhs.token == rhs.token && lhs.description == rhs.description
    }
}
