/// Where a ``StudyTask`` starts: the app's start, or a deep link. In a study file it is a string,
/// `"start"` or the deep link's path (`"/link/movies/1"`).
public enum StudyStart: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The app's start, as a new session opens.
    case appStart
    /// A deep link's path, as its URL opens it (`/link/movies/1`).
    case deepLink(String)

    /// The start `text` names, or nil when it is neither `start` nor a path beginning with `/`.
    public init?(_ text: String) {
        if text == "start" {
            self = .appStart
        } else if text.hasPrefix("/"), text.count > 1, !text.contains(where: \.isWhitespace) {
            self = .deepLink(text)
        } else {
            return nil
        }
    }

    /// As a study file writes it.
    public var description: String {
        switch self {
        case .appStart: "start"
        case .deepLink(let path): path
        }
    }

    /// Reads `"start"` or a deep link's path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let start = StudyStart(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is neither \"start\" nor a deep link path (/...)")
        }
        self = start
    }

    /// Writes ``description``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
