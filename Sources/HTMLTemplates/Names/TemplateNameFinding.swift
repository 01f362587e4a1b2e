/// A name that a template and its values do not agree on, where it is: what
/// ``TemplateNameUsage`` finds once it has followed every render it was given.
///
/// Its description is the line a compiler prints, `Templates/movies/detail.mustache:4:9: warning:
/// "nmae" is never filled; did you mean "name"?`, which editors and CI logs link to the place.
public struct TemplateNameFinding: Sendable, Equatable, CustomStringConvertible {
    /// What does not agree.
    public enum Kind: Sendable, Equatable {
        /// The template reads a name that no render gave a value (a misspelled key, a value the
        /// view model forgot). The names of a section that never showed are not judged.
        case neverFilled
        /// The values give a name that the template never reads (a misspelled name in the template,
        /// a value left over).
        case neverRead
        /// The template includes a partial that is no template of the library: it renders nothing.
        case unknownPartial
    }

    /// What does not agree.
    public let kind: Kind
    /// The template whose file the finding is in (for ``Kind/neverRead``, the template the values
    /// were given to).
    public let template: String
    /// That template's file, as its library names it (`Templates/movies/detail.mustache`).
    public let file: String
    /// The line, from 1: the tag that reads the name, or (for a value never read) the tag that
    /// reads what holds it, else the template's first line.
    public let line: Int
    /// The column, from 1, in characters.
    public let column: Int
    /// The name as the template writes it, the value's dotted path in the values given
    /// (`movies.year`: `year` in each of `movies`), or the partial's name.
    public let name: String
    /// What is wrong, in words, with a likely fix when one is near (`did you mean "name"?`).
    public let message: String

    /// `file:line:column`.
    public var location: String { "\(file):\(line):\(column)" }

    /// `file:line:column: warning: message`.
    public var description: String { "\(location): warning: \(message)" }
}
