import HTMLTemplates
import HTMLValidation
import Testing

@Suite("Template rendering")
struct TemplateRenderingTests {
    private func render(_ source: String, _ values: TemplateValue, partials: [String: String] = [:]) throws -> String {
        try TemplateLibrary(templates: partials.merging(["t": source]) { _, new in new }).render(values, template: "t")
    }

    @Test("{{name}} escapes the five HTML specials, {{{name}}} and {{&name}} do not")
    func escaping() throws {
        let values: TemplateValue = ["text": "<a href=\"x\">Tom & Jerry's</a>"]
        #expect(
            try render("<p>{{text}}</p>", values)
                == "<p>&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;</p>")
        #expect(try render("<p>{{{text}}}</p>", values) == "<p><a href=\"x\">Tom & Jerry's</a></p>")
        #expect(try render("<p>{{& text}}</p>", values) == "<p><a href=\"x\">Tom & Jerry's</a></p>")
    }

    @Test("numbers and flags print as text; missing names and null print nothing")
    func scalars() throws {
        let values: TemplateValue = ["year": 1995, "rating": 8.3, "seen": true, "none": nil]
        #expect(
            try render("<p>{{year}} {{rating}} {{seen}} [{{none}}{{missing}}]</p>", values) == "<p>1995 8.3 true []</p>"
        )
    }

    @Test("a name given twice in one object keeps its last value")
    func repeatedName() throws {
        let name = TemplateKey("title")
        let values: TemplateValue = [name: "Heat", "year": 1995, name: "Ronin"]
        #expect(values[name] == "Ronin")
        #expect(try render("<p>{{title}} {{year}}</p>", values) == "<p>Ronin 1995</p>")
    }

    @Test("a key made at run time finds the value stored under that name, in objects of every size and their copies")
    func keysAcrossObjects() throws {
        for size in [1, 7, 100, 1_000] {
            var values: [TemplateKey: TemplateValue] = [:]
            for index in 0..<size { values[TemplateKey("name\(index)")] = .int(index) }
            // Copied into an object of another capacity, where the keys land in other buckets.
            var copy = [TemplateKey: TemplateValue](minimumCapacity: 4 * size)
            for (key, value) in values { copy[key] = value }
            for index in 0..<size {
                #expect(values[TemplateKey("name\(index)")] == .int(index))
                #expect(copy[TemplateKey("name\(index)")] == .int(index))
            }
            #expect(values[TemplateKey("name\(size)")] == nil)
            #expect(Set(copy.keys).count == size)
            #expect(try render("<p>{{name0}}</p>", .object(copy)) == "<p>0</p>")
        }
    }

    @Test("escaping keeps text around the specials whole, letters beyond ASCII included")
    func escapingBeyondASCII() throws {
        let values: TemplateValue = ["text": "Amélie <3 & “Léon” 'ça'", "plain": "Amélie"]
        #expect(
            try render("<p>{{text}} {{plain}}</p>", values)
                == "<p>Amélie &lt;3 &amp; “Léon” &#39;ça&#39; Amélie</p>")
    }

    @Test("escaping at a value's first and last byte, runs of specials, and values past the output's first room")
    func escapingAtEdges() throws {
        let cases: [(String, String)] = [
            ("&", "&amp;"), ("<x", "&lt;x"), ("x>", "x&gt;"), ("<<>>", "&lt;&lt;&gt;&gt;"), ("", ""),
            ("\"'", "&quot;&#39;"), ("é&", "é&amp;"),
        ]
        for (text, escaped) in cases {
            #expect(try render("<p>{{text}}</p>", ["text": .string(text)]) == "<p>\(escaped)</p>")
        }
        // 40 KB, past the 16 KB the output starts with, a special every 7 bytes.
        let long = String(repeating: "ab<cd&e", count: 6_000)
        let escapedLong = String(repeating: "ab&lt;cd&amp;e", count: 6_000)
        #expect(try render("<p>{{text}}</p>", ["text": .string(long)]) == "<p>\(escapedLong)</p>")
        #expect(HTMLEscaping.escaped(long) == escapedLong)
    }

    @Test("HTMLEscaping escapes what each context needs, and appends after what the string holds")
    func escapingContexts() {
        let text = "<a href=\"x\">Tom & Jerry's</a> Amélie"
        #expect(HTMLEscaping.escaped(text, for: .text) == "&lt;a href=\"x\"&gt;Tom &amp; Jerry's&lt;/a&gt; Amélie")
        #expect(
            HTMLEscaping.escaped(text, for: .attribute)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry's&lt;/a&gt; Amélie")
        #expect(
            HTMLEscaping.escaped(text) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; Amélie")
        #expect(HTMLEscaping.escaped("Amélie's", for: .attribute) == "Amélie's")
        #expect(HTMLEscaping.escaped("") == "")
        var output = "<p>"
        HTMLEscaping.append("1 < 2", to: &output, for: .text)
        HTMLEscaping.append("plain", to: &output, for: .text)
        #expect(output == "<p>1 &lt; 2plain")
    }

    @Test("rendered markup is written as it is by {{name}} and {{{name}}}, and counts as a value in sections")
    func renderedHTML() throws {
        let values: TemplateValue = [
            "body": .html(RenderedHTML("<b>Tom & Jerry</b>")), "none": .html(RenderedHTML("")),
        ]
        #expect(try render("<p>{{body}}|{{{body}}}</p>", values) == "<p><b>Tom & Jerry</b>|<b>Tom & Jerry</b></p>")
        #expect(try render("<p>{{#body}}yes{{/body}}{{^body}}no{{/body}}</p>", values) == "<p>yes</p>")
        #expect(try render("<p>{{#none}}[{{none}}]{{/none}}</p>", values) == "<p>[]</p>")
        #expect(values["body"]?.description == "<b>Tom & Jerry</b>")
    }

    @Test("a section over a list repeats per element, with the element's names first and outer names still found")
    func listSections() throws {
        let values: TemplateValue = ["movies": [["title": "Heat"], ["title": "Ronin"]], "suffix": "!"]
        #expect(try render("<p>{{#movies}}{{title}}{{suffix}} {{/movies}}</p>", values) == "<p>Heat! Ronin! </p>")
        #expect(try render("<p>{{#names}}{{.}},{{/names}}</p>", ["names": ["a", "b"]]) == "<p>a,b,</p>")
    }

    @Test("sections over flags, objects and empty values; inverted sections render for the falsy ones")
    func truthiness() throws {
        let template = "<p>{{#v}}yes{{/v}}{{^v}}no{{/v}}</p>"
        #expect(try render(template, ["v": true]) == "<p>yes</p>")
        #expect(try render(template, ["v": false]) == "<p>no</p>")
        #expect(try render(template, ["v": []]) == "<p>no</p>")
        #expect(try render(template, ["v": nil]) == "<p>no</p>")
        #expect(try render(template, [:]) == "<p>no</p>")
        #expect(try render(template, ["v": 0]) == "<p>yes</p>")
        #expect(try render(template, ["v": ""]) == "<p>yes</p>")
        #expect(try render("<p>{{#movie}}{{title}}{{/movie}}</p>", ["movie": ["title": "Heat"]]) == "<p>Heat</p>")
    }

    @Test("dotted names look inside objects; a missing part prints nothing")
    func dottedNames() throws {
        let values: TemplateValue = ["movie": ["director": ["name": "Mann"]]]
        #expect(try render("<p>{{movie.director.name}}[{{movie.cast.name}}]</p>", values) == "<p>Mann[]</p>")
    }

    @Test("lines holding only a section or comment tag leave no blank line")
    func standaloneLines() throws {
        let template = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n  {{! note }}\n</ul>"
        #expect(try render(template, ["items": ["a", "b"]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>")
    }

    @Test("partials render with the current values")
    func partials() throws {
        let values: TemplateValue = ["rows": [["title": "Heat"]]]
        let html = try render(
            "<ul>{{#rows}}{{> parts/row}}{{/rows}}</ul>", values, partials: ["parts/row": "<li>{{title}}</li>"])
        #expect(html == "<ul><li>Heat</li></ul>")
    }

    @Test("nested, empty and sibling sections end where their tags close, partials included, in every row")
    func nestedSections() throws {
        // Each section's body is the operations up to its end: a wrong end repeats or skips what
        // follows it.
        let template =
            "<ul>{{#rows}}<li>{{#empty}}{{/empty}}{{#tags}}[{{^hidden}}{{name}}{{/hidden}}]{{/tags}}"
            + "{{> parts/cell}}{{^tags}}none{{/tags}}</li>{{/rows}}</ul>{{#rows}}{{title}}{{/rows}}<p>{{footer}}</p>"
        let values: TemplateValue = [
            "rows": [
                ["title": "Heat", "tags": [["name": "a"], ["name": "b", "hidden": true], ["name": "c"]]],
                ["title": "Ronin", "tags": []],
            ],
            "footer": "end", "empty": true,
        ]
        let html = try render(template, values, partials: ["parts/cell": "<i>{{title}}{{#tags}}.{{/tags}}</i>"])
        #expect(
            html
                == "<ul><li>[a][][c]<i>Heat...</i></li><li><i>Ronin</i>none</li></ul>HeatRonin<p>end</p>")
    }

    @Test("a page made only of a partial tag, and a partial made only of a value, load and render")
    func tagOnlyTemplates() throws {
        // Given a page that is only {{> parts/row}} and a partial that is only {{title}}
        let library = try TemplateLibrary(templates: ["page": "{{> parts/row}}\n", "parts/row": "{{title}}"])

        // When the page renders
        let html = try library.render(["title": "Heat"], template: "page")

        // Then the partial's value is the page
        #expect(html == "Heat")
    }

    @Test("set-delimiter tags are refused at load with the file named")
    func unsupportedTags() {
        #expect {
            try TemplateLibrary(templates: ["t": "{{=<% %>=}}<p></p>"])
        } throws: { error in
            (error as? TemplateLoadError)?.messages.first?.hasPrefix("t.mustache:1:1: ") == true
        }
    }
}
