/// Templates that cannot be used: start-up stops with these lines, one problem each, as
/// `Templates/movies/detail.mustache:12:7: message`.
public struct TemplateLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line per problem.
    public let messages: [String]

    /// The lines, one per problem.
    public var description: String { messages.joined(separator: "\n") }
}
