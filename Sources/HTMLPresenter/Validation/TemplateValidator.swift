import Mustache

/// Checks a mustache template: its mustache syntax (parsed with swift-mustache) and the HTML it
/// produces (tags blanked out without moving positions, then ``HTMLValidator``).
///
/// ```swift
/// let errors = TemplateValidator.errors(inTemplate: source, file: "Templates/movies/detail.mustache")
/// errors.forEach { print($0) }   // Templates/movies/detail.mustache:12:7: Unclosed element <span>
/// ```
///
/// - Note: A section repeats or hides its markup, so open and close an element inside the same
///   section: the check reads the template as if every section showed once.
public enum TemplateValidator {
    /// Every problem in the template `source`, reported against `file`.
    public static func errors(inTemplate source: String, file: String) -> [TemplateError] {
        do {
            _ = try MustacheTemplate(string: source)
        } catch let error as MustacheTemplate.ParserError {
            return [
                .invalidMustache(
                    file: file, line: error.context.lineNumber, column: error.context.columnNumber,
                    message: "Mustache: \(error.error)")
            ]
        } catch {
            return [.invalidMustache(file: file, line: 1, column: 1, message: "Mustache: \(error)")]
        }
        return HTMLValidator.problems(in: MustacheNeutralizer.neutralize(source)).map {
            .invalidHTML(file: file, line: $0.line, column: $0.column, message: $0.message)
        }
    }
}
