import Foundation
import HTMLTemplates
import HTMLValidation
import Mustache
import Testing

/// swift-mustache as a test oracle: every spec case FlowHost follows renders the same through both.
/// It is an independent implementation of the spec that runs the official spec's tests, so a rule
/// read wrongly into the cases or into our renderer shows here.
@Suite("Mustache oracle")
struct MustacheOracleTests {
    @Test("swift-mustache renders every case the same", arguments: MustacheSpecCase.all.filter { !$0.departsFromSpec })
    func agrees(_ rule: MustacheSpecCase) throws {
        // Given the case's templates loaded into swift-mustache
        var templates = ["case": try MustacheTemplate(string: rule.template)]
        for (name, source) in rule.partials { templates[name] = try MustacheTemplate(string: source) }
        let oracle = MustacheLibrary(templates: templates)

        // When both render the case's data
        let expected = oracle.render(Self.oracleValue(rule.data), withTemplate: "case")

        // Then they agree
        #expect(try rule.renderWithFlowHost() == expected)
    }

    /// The value as swift-mustache reads data: Swift dictionaries, arrays and scalars, and `NSNull`
    /// for null (as `JSONSerialization` gives it).
    private static func oracleValue(_ value: TemplateValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let flag): flag
        case .int(let number): number
        case .double(let number): number
        case .string(let text): text
        case .list(let elements): elements.map(oracleValue)
        case .object(let values): Dictionary(uniqueKeysWithValues: values.map { ($0.key.name, oracleValue($0.value)) })
        case .action, .publicFile, .html: value.description
        }
    }
}
