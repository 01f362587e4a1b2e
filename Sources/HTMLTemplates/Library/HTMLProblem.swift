/// One problem found in HTML (a page, a fragment, a template's markup), at a 1-based line and
/// column.
public struct HTMLProblem: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int
    /// What is wrong, e.g. `Unclosed element <span>`.
    public let message: String

    /// Creates a problem report.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
