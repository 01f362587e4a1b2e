import HTMLTemplates
import HTMLValidation
import Testing

@Suite("HTMLValidator")
struct HTMLValidatorTests {
    @Test("well-formed HTML5 with svg, a fragment and a full document, has no problems")
    func validHTML() {
        let fragment = """
            <section class="list"><nav><a href="/x">X</a></nav>
            <svg viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>
            <ul><li>One &amp; two</li><li><img src="/a.png" alt=""></li></ul>
            <script>if (a < b && c) { document.write("</p>") }</script></section>
            """
        #expect(HTMLValidator.problems(in: fragment) == [])
        let document = "<!doctype html><html lang=\"en\"><head><title>T</title></head><body><main></main></body></html>"
        #expect(HTMLValidator.problems(in: document) == [])
    }

    @Test("an element left open inside another is reported where it opened, naming the end tag that passed it")
    func mismatched() {
        let problems = HTMLValidator.problems(in: "<div>\n  <span>Heat\n</div>")
        #expect(problems.map(\.description) == ["2:3: Unclosed element <span> (still open at </div> on 3:1)"])
    }

    @Test("a stray end tag is reported")
    func strayEndTag() {
        #expect(HTMLValidator.problems(in: "<p>Hi</p></p>").map(\.description) == ["1:10: Stray end tag </p>"])
    }

    @Test("an element never closed at the end is reported")
    func unclosedAtEnd() {
        #expect(HTMLValidator.problems(in: "<ul>\n<li>One</li>").map(\.description) == ["1:1: Unclosed element <ul>"])
    }

    @Test("a duplicate attribute is reported")
    func duplicateAttribute() {
        let problems = HTMLValidator.problems(in: "<div class=\"a\" class=\"b\"></div>")
        #expect(problems.map(\.message) == ["Duplicate attribute class"])
        #expect(problems.first?.line == 1)
    }

    @Test("a bad entity is reported")
    func badEntity() {
        let problems = HTMLValidator.problems(in: "<p>Fish &chips; and &amp</p>")
        #expect(!problems.isEmpty)
        #expect(problems.allSatisfy { $0.line == 1 })
    }

    @Test("a named character reference HTML does not define is reported; HTML5's names are known")
    func unknownCharacterReference() {
        // Given text with a made-up reference, HTML5-only references, and a reference-like run in a script
        let html = "<p>&check; &bogus; &hellip;</p>\n<script>if (a &&b;) {}</script>"

        // When it is validated
        let problems = HTMLValidator.problems(in: html)

        // Then only the made-up one is reported, at its ampersand
        #expect(
            problems.map(\.description) == [
                "1:12: unknown character reference \"&bogus;\" (to show an ampersand, write &amp;)"
            ])
    }

    @Test("an unknown element is reported, HTML5 ones are not")
    func unknownElement() {
        let problems = HTMLValidator.problems(in: "<main><blink>x</blink></main>")
        #expect(problems.map(\.message) == ["Unknown element <blink>"])
    }
}
