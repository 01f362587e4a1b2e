import HTMLTemplates

/// Checks one mustache template as a template library loads it: its mustache syntax (the tokenizer
/// and compiler that render it) and the HTML it holds (its text with every tag blanked without
/// moving positions, then ``HTMLValidator``).
///
/// ```swift
/// let errors = TemplateValidator.errors(inTemplate: source, file: "Templates/movies/detail.mustache")
/// errors.forEach { print($0) }  // Templates/movies/detail.mustache:12:7: Unclosed element <span>
/// ```
///
/// - Note: A section repeats or hides its markup, so open and close an element inside the same
///   section: the check reads the template as if every section showed once. A template whose text
///   is only whitespace once its tags are set aside (a page that is only `{{> parts/row}}`, a
///   partial that is only `{{title}}`) has no HTML to check and is valid.
public enum TemplateValidator {
    /// Every problem in the template `source`, reported against `file`.
    public static func errors(inTemplate source: String, file: String) -> [TemplateProblem] {
        TemplateLibrary.problems(inTemplate: source, file: file, checkingMarkupWith: HTMLValidator())
    }
}
