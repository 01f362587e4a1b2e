/// Templates that cannot be used: start-up stops with these lines, one problem each, as
/// `Templates/movies/detail.mustache:12:7: message`.
public struct TemplateLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every problem, in file order.
    public let problems: [TemplateProblem]

    /// One line per problem.
    public var messages: [String] { problems.map(\.description) }

    /// The lines, one per problem.
    public var description: String { messages.joined(separator: "\n") }
}
