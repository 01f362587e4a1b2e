import HTMLTemplates
import HTMLValidation
import Testing

/// FlowHost's renderer against the rules of the mustache spec it follows, one case per rule, through
/// the public `TemplateLibrary(templates:)` and `render`.
@Suite("Mustache spec")
struct MustacheSpecTests {
    @Test("Interpolation", arguments: MustacheSpecCase.interpolation)
    func interpolation(_ rule: MustacheSpecCase) throws {
        try expectRendered(rule)
    }

    @Test("Sections", arguments: MustacheSpecCase.sections)
    func sections(_ rule: MustacheSpecCase) throws {
        try expectRendered(rule)
    }

    @Test("Inverted sections", arguments: MustacheSpecCase.invertedSections)
    func invertedSections(_ rule: MustacheSpecCase) throws {
        try expectRendered(rule)
    }

    @Test("Comments", arguments: MustacheSpecCase.comments)
    func comments(_ rule: MustacheSpecCase) throws {
        try expectRendered(rule)
    }

    @Test("Partials", arguments: MustacheSpecCase.partials)
    func partials(_ rule: MustacheSpecCase) throws {
        try expectRendered(rule)
    }

    private func expectRendered(_ rule: MustacheSpecCase) throws {
        // Given the rule's template, partials and data loaded into a library
        // When the template renders
        let html = try rule.renderWithFlowHost()

        // Then it is what the rule says
        #expect(html == rule.expected)
    }
}
