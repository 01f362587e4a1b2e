/// A mustache mistake in a template, at the tag where the author made it.
struct TemplateSyntaxError: Error {
    /// Where the offending tag starts.
    let position: SourcePosition
    /// What is wrong, in words, e.g. `section "items" opened here is never closed`.
    let message: String
}
