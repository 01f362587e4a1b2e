/// Checks a mustache template: its mustache syntax (our own tokenizer and compiler, the ones that
/// render it) and the HTML it holds (its text with every tag blanked without moving positions, then
/// ``HTMLValidator``).
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
    public static func errors(inTemplate source: String, file: String) -> [TemplateError] {
        check(source, file: file).errors
    }

    /// The template compiled for rendering when it has no problem; else nil and every problem.
    static func check(_ source: String, file: String) -> (template: CompiledTemplate?, errors: [TemplateError]) {
        let tokens: [MustacheTokenizer.Token]
        let template: CompiledTemplate
        do throws(TemplateSyntaxError) {
            var tokenizer = MustacheTokenizer(source: source)
            tokens = try tokenizer.tokens()
            template = try CompiledTemplate(tokens: tokens)
        } catch {
            let position = error.position
            return (
                nil,
                [.invalidMustache(file: file, line: position.line, column: position.column, message: error.message)]
            )
        }
        let markup = blankingTags(of: source, tokens: tokens)
        guard markup.contains(where: { !isHTMLWhitespace($0) }) else { return (template, []) }
        let errors: [TemplateError] = HTMLValidator.problems(in: String(decoding: markup, as: UTF8.self)).map {
            .invalidHTML(file: file, line: $0.line, column: $0.column, message: $0.message)
        }
        return (errors.isEmpty ? template : nil, errors)
    }

    /// The source with every byte of every tag turned into a space, newlines kept, so the HTML
    /// check reports the template's own lines and columns.
    private static func blankingTags(of source: String, tokens: [MustacheTokenizer.Token]) -> [UInt8] {
        var bytes = Array(source.utf8)
        for token in tokens where token.kind != .text {
            for offset in token.range where bytes[offset] != UInt8(ascii: "\n") {
                bytes[offset] = UInt8(ascii: " ")
            }
        }
        return bytes
    }

    private static func isHTMLWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r") || byte == 0x0C
    }
}
