/// What is wrong with a template, where: the one problem type of templates, whether the compiler
/// found it in the mustache tags, the markup check in the HTML, or the loader in the file itself.
/// A library lists them (``TemplateLibrary/problems``), a server that watches its templates shows
/// them on its pages, and start-up prints them (``TemplateLoadError``).
///
/// Its description is the line start-up prints: `Templates/movies/detail.mustache:12:7: message`,
/// or `file: message` for a problem with the whole file.
public struct TemplateProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the templates folder was named plus the template's path in it.
    public let file: String
    /// The line at fault, from 1; nil for a problem with the whole file (it cannot be read, the
    /// folder is missing).
    public let line: Int?
    /// The column at fault, from 1, in characters; nil when ``line`` is.
    public let column: Int?
    /// What is wrong, in words, e.g. `section "items" opened here is never closed`.
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

    /// The problem `message` at `position` in `source`, the text of `file`, with the source line it
    /// names.
    init(file: String, position: SourcePosition, message: String, source: String) {
        self.file = file
        line = position.line
        column = position.column
        self.message = message
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        sourceLine =
            lines.indices.contains(position.line - 1)
            ? String(lines[position.line - 1].trimmingSuffix("\r")) : nil
    }

    /// `file:line:column: message`, or `file: message` for a problem with the whole file.
    public var description: String {
        guard let line, let column else { return "\(file): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }

    /// A line that points at ``column`` under ``sourceLine``: its tabs kept, so it lines up in a
    /// monospaced block.
    public var caret: String? {
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
