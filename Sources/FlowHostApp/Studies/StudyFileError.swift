/// What is wrong with a study file, where: printed `file:line:column: message` as compilers and
/// template errors are, so an editor jumps to it.
public struct StudyFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in characters.
    public let column: Int
    /// What is wrong and what would be right.
    public let message: String

    /// An error at `line`, `column` of `file`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// The errors of one or more study files, all of them (a file is fixed in one go, not one error at
/// a time).
public struct StudyFileErrors: Error, Sendable, Equatable, CustomStringConvertible {
    /// Each error, in file order.
    public let errors: [StudyFileError]

    /// These errors.
    public init(_ errors: [StudyFileError]) { self.errors = errors }

    /// One error a line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
