/// What checks the HTML of each template as a library loads it: the engine knows mustache, and
/// hands the check each template's text with every mustache tag blanked to spaces (newlines kept),
/// so the lines and columns it reports are the template's own. FlowHost's is `HTMLValidator`
/// (libxml2 and checks of its own, in the HTMLValidation module).
public protocol MarkupCheck: Sendable {
    /// Every problem in `markup`, sorted by position.
    func problems(inMarkup markup: String) -> [HTMLProblem]
}
