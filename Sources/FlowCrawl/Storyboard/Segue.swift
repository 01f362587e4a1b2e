import HTMLPresenter

/// A way from one screen of a storyboard to another (or to itself): its kind and the steps its
/// actions sent. An entry (the start, a deep link) is a segue from no screen.
public struct Segue: Sendable, Equatable, Codable {
    /// How the navigation changed, decided from the two states' screen trees and the action.
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// Where the app starts.
        case start
        /// A deep link opens the app on a screen.
        case deepLink
        /// A screen pushed on a navigation stack.
        case push
        /// Back along a stack: the back button or a pop.
        case back
        /// A modal presented over the screen.
        case present
        /// A modal or an alert dismissed.
        case dismiss
        /// Another tab selected.
        case tab
        /// An alert shown.
        case alert
        /// The app moved on by itself (a timer).
        case liveMove
        /// A container's content replaced where nothing was pushed or presented (signing in
        /// replaces the login screen with the tabs).
        case replace
        /// The same screen shown again with other content (a form refused, an item added).
        case update
    }

    /// The screen it starts from; nil for an entry.
    public let from: String?
    /// The screen it leads to.
    public let to: String
    /// How.
    public let kind: Kind
    /// The cases of the steps its actions sent, sorted (`detail(id:)`, `rate(id:)`); empty where
    /// they sent none (a back button, a tab).
    public internal(set) var steps: [String]
    /// How many of the crawl's edges it stands for.
    public internal(set) var edges: Int

    /// A segue as read back from JSON or built by the storyboard.
    public init(from: String?, to: String, kind: Kind, steps: [String], edges: Int) {
        self.from = from
        self.to = to
        self.kind = kind
        self.steps = steps
        self.edges = edges
    }
}

extension Segue.Kind {
    /// The kind of segue a container's transition draws.
    init(_ transition: Transition) {
        switch transition {
        case .push: self = .push
        case .back: self = .back
        case .present: self = .present
        case .dismiss: self = .dismiss
        case .tab: self = .tab
        case .replace: self = .replace
        case .update: self = .update
        }
    }
}
