import HTMLValidation
import Testing

// The examples of HTMLValidation's doc comments, compiled and run.

@Suite("HTMLValidation's doc comment examples")
struct HTMLValidationExamples {
    @Test("the normalizer puts one element per line")
    func normalizer() {
        // example: Sources/HTMLValidation/HTMLNormalizer.swift
        let html = HTMLNormalizer.normalize("<ul><li>Heat</li></ul>")
        // <ul>
        //   <li>
        //     Heat
        //   </li>
        // </ul>
        // end of example
        #expect(html.hasPrefix("<ul>\n  <li>\n    Heat\n  </li>\n</ul>"))
    }

    @Test("the validator reports an unclosed element")
    func validator() {
        // example: Sources/HTMLValidation/HTMLValidator.swift
        let problems = HTMLValidator.problems(in: "<div><span>Heat</div>")
        // [1:6: Unclosed element <span> (still open at </div> on 1:16)]
        // end of example
        #expect(problems.map(\.description) == ["1:6: Unclosed element <span> (still open at </div> on 1:16)"])
    }

    @Test("a template's errors name their place")
    func templateValidator() {
        let source = "<p>{{#movies}}<span>{{/movies}}</p>"
        // example: Sources/HTMLValidation/TemplateValidator.swift
        let errors = TemplateValidator.errors(inTemplate: source, file: "Templates/movies/detail.mustache")
        errors.forEach { print($0) }  // Templates/movies/detail.mustache:12:7: Unclosed element <span>
        // end of example
        #expect(!errors.isEmpty)
    }
}
