/// Where something is in a template's source: a 1-based line and column (columns count characters).
struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    let line: Int
    /// The column, from 1.
    let column: Int

    /// `line:column`.
    var description: String { "\(line):\(column)" }
}
