/// How a template is checked as it loads: its mustache by the tokenizer and compiler that render it,
/// its HTML by a ``MarkupCheck`` over its text with every tag blanked (one positioned tokenizer feeds
/// both, so every problem is reported at the template's own line and column).
///
/// - Note: A section repeats or hides its markup, so open and close an element inside the same
///   section: the check reads the template as if every section showed once. A template whose text
///   is only whitespace once its tags are set aside (a page that is only `{{> parts/row}}`, a
///   partial that is only `{{title}}`) has no HTML to check and is valid.
enum TemplateCheck {
    /// The template `source` of `file` compiled for rendering when it has no problem; else nil and
    /// every problem.
    static func compile(_ source: String, file: String, markup: any MarkupCheck)
        -> (template: CompiledTemplate?, problems: [TemplateProblem])
    {
        let tokens: [MustacheTokenizer.Token]
        let template: CompiledTemplate
        do throws(TemplateProblem) {
            var tokenizer = MustacheTokenizer(source: source, file: file)
            tokens = try tokenizer.tokens()
            template = try CompiledTemplate(tokens: tokens, file: file, source: source)
        } catch {
            return (nil, [error])
        }
        let blanked = blankingTags(of: source, tokens: tokens)
        guard blanked.contains(where: { !isHTMLWhitespace($0) }) else { return (template, []) }
        let problems = markup.problems(inMarkup: String(decoding: blanked, as: UTF8.self)).map {
            TemplateProblem(
                file: file, position: SourcePosition(line: $0.line, column: $0.column), message: $0.message,
                source: source)
        }
        return (problems.isEmpty ? template : nil, problems)
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
