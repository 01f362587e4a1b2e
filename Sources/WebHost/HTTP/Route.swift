import HTMLPresenter
import Hummingbird

/// What a request path names.
enum Route: Equatable {
    /// `/`: the current screen.
    case root
    /// `/screen/<id>`: one screen of the session.
    case screen(ScreenID)
    /// `/_action/<token>`: an action of the page on screen.
    case action(token: String)
    /// `/_events`: the live-move stream of an open page.
    case events
    /// `/link/<path>`: a deep link (`path` still percent-encoded).
    case link(Substring)
    /// `/_flowhost/...` and `/public/...`: static files.
    case file
    /// `/healthz`.
    case health
    /// `/_flowhost/status`: session and stream counts, as JSON.
    case status
    /// Anything else.
    case unknown

    private static let actionPrefix = "/_action/"
    private static let screenPrefix = "/screen/"
    private static let linkPrefix = "/link/"
    static let filePrefixes = ["/_flowhost/", "/public/"]

    init(path: String) {
        switch path {
        case "/": self = .root
        case "/healthz": self = .health
        case "/_flowhost/status": self = .status
        case "/_events": self = .events
        case _ where path.hasPrefix(Self.screenPrefix):
            let number = path.dropFirst(Self.screenPrefix.count)
            if number.utf8.count <= 18, number.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(number) {
                self = .screen(ScreenID(rawValue: value))
            } else {
                self = .unknown
            }
        case _ where path.hasPrefix(Self.actionPrefix):
            self = .action(token: String(path.dropFirst(Self.actionPrefix.count)))
        case _ where path.hasPrefix(Self.linkPrefix):
            self = .link(path.dropFirst(Self.linkPrefix.count))
        case _ where Self.filePrefixes.contains(where: path.hasPrefix):
            self = .file
        default: self = .unknown
        }
    }

    /// The methods this route answers.
    var allowedMethods: [HTTPRequest.Method] {
        switch self {
        case .action: [.post]
        case .root, .screen, .events, .link, .file, .health, .status: [.get, .head]
        case .unknown: []
        }
    }
}
