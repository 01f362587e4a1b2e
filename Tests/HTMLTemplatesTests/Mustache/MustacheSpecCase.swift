import HTMLTemplates
import HTMLValidation
import Testing

/// One rule of the mustache specification (github.com/mustache/spec, v1.4: interpolation, sections,
/// inverted, comments, partials), as a template, its data and what the rule says it renders.
///
/// The spec's own examples are kept where they are valid HTML; where they are not (a stray `<`), the
/// same rule is shown with markup, since every FlowHost template is checked as HTML at load.
struct MustacheSpecCase: Sendable, CustomTestStringConvertible {
    /// The rule, in the spec's words where they fit.
    let rule: String
    let template: String
    var data: TemplateValue = [:]
    var partials: [String: String] = [:]
    let expected: String
    /// FlowHost departs from the spec here on purpose (it does not indent a standalone partial's
    /// lines), so the oracle, which follows the spec, is not asked to agree.
    var departsFromSpec = false

    var testDescription: String { rule }

    /// Renders the case through FlowHost's public API, the partials registered beside it.
    func renderWithFlowHost() throws -> String {
        let library = try TemplateLibrary(templates: partials.merging(["case": template]) { _, mine in mine })
        return try library.render(data, template: "case")
    }
}
