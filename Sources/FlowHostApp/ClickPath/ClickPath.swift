import HTMLPresenter

/// What a person did in a window, in terms that survive a new process and a new build: never
/// tokens, screen identifiers or addresses, only positions on screen, form fields, deep link paths
/// and the moves the app made on its own. Replayed in a fresh window of the same app, it gives the
/// same window tree.
///
/// ```swift
/// let list = ScreenPosition(layer: 0, path: [0], template: "movies/list")
/// var path = ClickPath()
/// path.entries.append(.action(ActionPosition(screen: list, index: 3), fields: FormFields()))
/// let data = try JSONEncoder().encode(path)  // what a share link or the store keeps
/// ```
public struct ClickPath: Sendable, Equatable, Codable {
    /// One thing that happened.
    public enum Entry: Sendable, Equatable, Codable, CustomStringConvertible {
        /// An on-screen action, with the form fields it took (those its form declares; none for a
        /// button), secret ones marked.
        case action(ActionPosition, fields: FormFields)
        /// The browser's Back or Forward brought this screen back.
        case reveal(ScreenPosition)
        /// A deep link opened: what follows `/link/`, percent-decoded.
        case deepLink(String)
        /// The window changed on its own (a stepper that emitted later): replay waits for it.
        case liveMove

        /// One line for logs and the inspector; form values are not shown, only their names, and a
        /// secret field's name comes with a mask (`with email, password ••••`).
        public var description: String {
            switch self {
            case .action(let position, let fields):
                fields.fields.isEmpty
                    ? "\(position)"
                    : "\(position) with "
                        + fields.fields.map { $0.isSecret ? "\($0.name) ••••" : $0.name }.joined(separator: ", ")
            case .reveal(let position): "back to \(position)"
            case .deepLink(let path): "link /link/\(path)"
            case .liveMove: "live move"
            }
        }
    }

    /// Oldest first.
    public var entries: [Entry]

    /// A path.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }
}
