/// A template that could not be loaded, as a server that watches its templates shows it on its
/// pages: where, what, and the line of source at fault.
///
/// Its description is the line start-up prints: `Templates/movies/detail.mustache:12:7: message`,
/// or `file: message` for a problem with the whole file.
public struct TemplateProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the templates folder was named plus the template's path in it.
    public let file: String
    /// The line at fault, from 1; nil for a problem with the whole file (it cannot be read, it is
    /// in a reserved folder).
    public let line: Int?
    /// The column at fault, from 1, in characters; nil when ``line`` is.
    public let column: Int?
    /// What is wrong.
    public let message: String
    /// The text of ``line`` in the file, without its line break.
    public let sourceLine: String?

    /// A problem with the whole file.
    init(file: String, message: String) {
        self.file = file
        line = nil
        column = nil
        self.message = message
        sourceLine = nil
    }

    /// The problem `error` found in `source`, with the source line it names.
    init(_ error: TemplateError, source: String) {
        switch error {
        case .invalidHTML(let file, let line, let column, let message),
            .invalidMustache(let file, let line, let column, let message):
            self.file = file
            self.line = line
            self.column = column
            self.message = message
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            sourceLine = lines.indices.contains(line - 1) ? String(lines[line - 1].trimmingSuffix("\r")) : nil
        }
    }

    /// `file:line:column: message`, or `file: message` for a problem with the whole file.
    public var description: String {
        guard let line, let column else { return "\(file): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }

    /// A line that points at ``column`` under ``sourceLine``: its tabs kept, so it lines up in a
    /// monospaced block.
    var caret: String? {
        guard let sourceLine, let column, column >= 1 else { return nil }
        let before = sourceLine.prefix(column - 1).map { $0 == "\t" ? $0 : " " as Character }
        return String(before) + "^"
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}
