import HTMLPresenter
import Testing

@Suite("TemplateValidator")
struct TemplateValidatorTests {
    @Test("problems are reported at the template's own line and column, past mustache tags")
    func positionsInTheTemplate() {
        // Given a template whose second line opens a span after two mustache tags and never closes it
        let source = "<ul>{{#movies}}\n  <li>{{title}} <span class=\"year\">{{year}}</li>{{/movies}}\n</ul>"

        // When it is validated
        let errors = TemplateValidator.errors(inTemplate: source, file: "Templates/movies/list.mustache")

        // Then the span is reported where it opened, in file:line:col form
        #expect(
            errors.map(\.description) == [
                "Templates/movies/list.mustache:2:17: Unclosed element <span> (still open at </li> on 2:44)"
            ])
    }

    @Test(
        "each kind of problem is reported",
        arguments: [
            ("<div><p>x</div></p>", "Stray end tag </p>"),
            ("<div class=\"a\" class=\"{{b}}\"></div>", "Duplicate attribute class"),
            ("<marquee>{{x}}</marquee>", "Unknown element <marquee>"),
            ("<section>", "Unclosed element <section>"),
        ])
    func kinds(source: String, message: String) {
        let errors = TemplateValidator.errors(inTemplate: source, file: "t.mustache")
        #expect(errors.contains { $0.description.hasSuffix(message) }, "\(errors)")
    }

    @Test("a bad entity is reported with its position")
    func badEntity() {
        let errors = TemplateValidator.errors(inTemplate: "<p>\n{{name}} &nbsp &bogus;</p>", file: "t.mustache")
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.description.hasPrefix("t.mustache:2:") })
    }

    @Test("mustache syntax errors are reported with their position")
    func mustacheSyntax() {
        let unclosed = TemplateValidator.errors(inTemplate: "<p>\n{{#movies}}{{title}}</p>", file: "t.mustache")
        let mismatched = TemplateValidator.errors(inTemplate: "{{#a}}\n{{/b}}", file: "t.mustache")
        #expect(unclosed.count == 1 && unclosed[0].description.hasPrefix("t.mustache:"))
        #expect(mismatched.count == 1 && mismatched[0].description.hasPrefix("t.mustache:2:"))
        guard case .invalidMustache = mismatched.first else {
            Issue.record("expected a mustache error, got \(mismatched)")
            return
        }
    }

    @Test("a valid template with sections, partials and raw values passes")
    func validTemplate() {
        let source = """
            {{! the movie list }}
            <ul class="list">{{#movies}}
              <li><form method="post" action="{{open}}" class="action"><button type="submit" class="cell is-link">{{title}}</button></form></li>
            {{/movies}}</ul>
            {{^movies}}<p class="empty-state">No movies</p>{{/movies}}
            {{> footer}}<div>{{{html}}}</div>
            <input type="checkbox" class="switch" name="restricted"{{#restricted}} checked{{/restricted}}>
            """
        #expect(TemplateValidator.errors(inTemplate: source, file: "t.mustache") == [])
    }
}
