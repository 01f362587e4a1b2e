import HTMLTemplates
import HTMLValidation
import Testing

/// Names a template reads and values it is given, followed over renders as rendering looks them
/// up: a misspelled name on either side is found at its tag, and nothing else is reported.
@Suite("Names templates read and values they are given")
struct TemplateNameUsageTests {
    /// The findings for `template` (named `t`, beside `partials`) after a render with each of `renders`.
    private func findings(
        _ template: String, _ renders: [TemplateValue], partials: [String: String] = [:],
        assumingFilled: Set<String> = [], notGiven: Set<String> = []
    ) throws -> [String] {
        let library = try TemplateLibrary(templates: partials.merging(["t": template]) { _, new in new })
        var usage = TemplateNameUsage(templates: library)
        for values in renders {
            usage.record(values, template: "t", assumingFilled: assumingFilled, notGiven: notGiven)
        }
        return usage.findings.map(\.description)
    }

    @Test("a misspelled name is found where it is read, and the value it meant where it is given")
    func misspelledName() throws {
        let found = try findings("<h1>{{title}}</h1>\n<p>{{nmae}}</p>", [["title": "Heat", "name": "Ada"]])
        #expect(
            found == [
                #"t.mustache:1:1: warning: "name" is given to t but never read; is "nmae" at t.mustache:2:4 meant to read it?"#,
                #"t.mustache:2:4: warning: "nmae" is read here but never filled; did you mean "name"?"#,
            ])
    }

    @Test("what every name reads and every value gives agrees: nothing to report")
    func agreeing() throws {
        let template = """
            <h1>{{title}}</h1>{{#movies}}<p>{{title}} {{suffix}} {{movie.year}}</p>{{/movies}}{{^movies}}<p>None</p>{{/movies}}
            {{#tags}}<i>{{.}}</i>{{/tags}}{{#flag}}<b>{{title}}</b>{{/flag}}
            """
        let values: TemplateValue = [
            "title": "Films", "suffix": "!", "flag": true, "tags": ["a", "b"],
            "movies": [["title": "Heat", "movie": ["year": 1995]]],
        ]
        #expect(try findings(template, [values]) == [])
        // The list empty in one render and full in another: each name was filled somewhere.
        #expect(try findings(template, [values, ["title": "Films", "movies": [], "tags": [], "flag": false]]) == [])
    }

    @Test("a name inside a section is looked up in the element first, then in what holds it")
    func sections() throws {
        let found = try findings(
            "{{#movies}}<p>{{title}} {{year}} {{outer}}</p>{{/movies}}",
            [["movies": [["title": "Heat", "yaer": 1995]], "outer": "x"]])
        #expect(
            found == [
                #"t.mustache:1:1: warning: "yaer" is given in "movies" but never read; is "year" at t.mustache:1:25 meant to read it?"#,
                #"t.mustache:1:25: warning: "year" is read here but never filled; did you mean "yaer"?"#,
            ])
    }

    @Test("a dotted name is filled when its last part is found; the part that is not is the one suggested")
    func dottedNames() throws {
        let found = try findings(
            "<p>{{movie.drector.name}} {{movie.title}}</p>",
            [["movie": ["title": "Heat", "director": ["name": "Mann"]]]])
        #expect(
            found == [
                #"t.mustache:1:4: warning: "director" is given in "movie" but never read; is "movie.drector.name" at t.mustache:1:4 meant to read it?"#,
                #"t.mustache:1:4: warning: "movie.drector.name" is read here but never filled; did you mean "director" for "drector"?"#,
            ])
    }

    @Test("a name listed in {{! optional: ... }} is not reported, and a section that never shows is not judged")
    func optionalAndUnjudged() throws {
        let template = """
            {{! optional: subtitle, movie.tagline }}
            <h1>{{subtitle}}</h1><p>{{movie.tagline}}</p>{{#more}}<p>{{anything}}</p>{{/more}}{{#none}}{{x}}{{/none}}
            """
        #expect(
            try findings(template, [["more": false, "none": [], "movie": ["title": "Heat"]]]) == [
                #"t.mustache:2:25: warning: "title" is given in "movie" but never read"#
            ])
    }

    @Test("a partial's names are judged in its own file, with the context it is included in")
    func partials() throws {
        let found = try findings(
            "<ul>{{#rows}}{{> parts/row}}{{/rows}}</ul>{{> parts/gone}}",
            [["rows": [["title": "Heat"]], "suffix": "!"]],
            partials: ["parts/row": "<li>{{title}}{{suffix}}{{titel}}</li>"])
        #expect(
            found == [
                #"parts/row.mustache:1:24: warning: "titel" is read here but never filled; did you mean "title"?"#,
                #"t.mustache:1:43: warning: partial "parts/gone" is no template: it renders nothing"#,
            ])
    }

    @Test("names assumed filled count as filled, and their sections' names are judged; values not given are left out")
    func assumedAndNotGiven() throws {
        let template = """
            {{#form.errors.email}}<p>{{form.errors.email}}</p>{{/form.errors.email}}<p>{{form.errors.emial}}</p>
            {{#form.hasErrors}}<p>{{warning}}</p>{{/form.hasErrors}}
            """
        let found = try findings(
            template, [["form": ["values": [:], "errors": [:], "hasErrors": false]]],
            assumingFilled: ["form.errors.email", "form.hasErrors"], notGiven: ["form"])
        #expect(
            found == [
                #"t.mustache:1:76: warning: "form.errors.emial" is read here but never filled; did you mean "email" for "emial"?"#
            ])
    }
}
