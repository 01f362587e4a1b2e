/// A template that cannot be used; its description is what start-up prints:
/// `Templates/movies/detail.mustache:12:7: message`.
public enum TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTML the template produces is broken.
    case invalidHTML(file: String, line: Int, column: Int, message: String)
    /// The mustache tags are broken (an unclosed section, a mismatched end, an unfinished tag).
    case invalidMustache(file: String, line: Int, column: Int, message: String)

    /// `file:line:column: message`.
    public var description: String {
        switch self {
        case .invalidHTML(let file, let line, let column, let message),
            .invalidMustache(let file, let line, let column, let message):
            "\(file):\(line):\(column): \(message)"
        }
    }
}
