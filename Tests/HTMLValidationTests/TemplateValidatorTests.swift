import HTMLTemplates
import HTMLValidation
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

    @Test("a misspelled entity is reported at its line and column, with the name it is one typo away from")
    func misspelledEntity() {
        // Given a template whose second line misspells &nbsp;
        let source = "<p>{{title}}</p>\n<p>Tom &nbps; Jerry</p>"

        // When it is validated
        let errors = TemplateValidator.errors(inTemplate: source, file: "t.mustache")

        // Then the reference is named where it is
        #expect(
            errors.map(\.description) == [
                "t.mustache:2:8: unknown character reference \"&nbps;\" (did you mean \"&nbsp;\"?)"
            ])
    }

    @Test(
        "a mustache mistake is reported in words at the tag that made it",
        arguments: [
            ("<ul>\n  {{#items}}<li>{{title}}</li>\n</ul>", "2:3: section \"items\" opened here is never closed"),
            (
                "{{#a}}\n  {{#b}}x{{/a}}{{/b}}",
                "2:10: {{/a}} does not close the open section \"b\" (opened at 2:3): close that one first with {{/b}}"
            ),
            ("<p>x</p>\n{{/items}}", "2:1: {{/items}} closes a section that was never opened"),
            ("<p>\n  {{title</p>", "2:3: tag opened here is never closed with \"}}\""),
            ("<p>{{{title}}</p>", "1:4: tag opened here is never closed with \"}}}\""),
            (
                "<p>\n{{first name}}</p>",
                "2:1: {{first name}}: a name is \".\" or letters, digits, \"-\", \"_\" and \"?\" in parts joined by \".\""
            ),
            ("<p>{{=<% %>=}}</p>", "1:4: {{=<% %>=}}: set-delimiter tags are not supported"),
            ("<p>{{<base}}{{/base}}</p>", "1:4: {{<base}}: template inheritance is not supported"),
        ])
    func mustacheMistakes(source: String, message: String) {
        // Given a template with one mustache mistake
        // When it is validated
        let errors = TemplateValidator.errors(inTemplate: source, file: "t.mustache")

        // Then that one mistake is reported, in the mustache's words, at its position
        #expect(errors.map(\.description) == ["t.mustache:" + message])
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() {
        let errors = TemplateValidator.errors(inTemplate: "<p>Café {{#open}}</p>", file: "t.mustache")
        #expect(errors.map(\.description) == ["t.mustache:1:9: section \"open\" opened here is never closed"])
    }

    @Test(
        "a template that is only tags and whitespace is valid",
        arguments: [
            "{{> parts/row}}\n", "{{title}}", "{{#items}}\n  {{> parts/row}}\n{{/items}}\n", "{{! note }}", "\n  \n",
        ])
    func tagsOnly(source: String) {
        #expect(TemplateValidator.errors(inTemplate: source, file: "t.mustache") == [])
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
