import HTTPTypes
import Testing

@testable import WebHost

@Suite("A request field's value read in one pass, as HTTPFields' subscript reads it")
struct HTTPFieldsValueTests {
    @Test(
        "the same value as the subscript: none, one field, several joined, Cookie's joined with semicolons",
        arguments: [
            [], [("Origin", "https://a.example")], [("Accept", "text/html"), ("Origin", "null")],
            [("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Site", "cross-site")],
            [("Cookie", "a=1"), ("Cookie", "b=2")], [("Content-Length", "12"), ("content-length", "13")],
        ] as [[(String, String)]])
    func sameAsSubscript(_ pairs: [(String, String)]) throws {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value)) }
        for name in [HTTPField.Name.origin, .secFetchSite, .cookie, .contentLength, .accept] {
            #expect(fields.value(of: name) == fields[name], "\(name)")
            #expect(fields.count(of: name) == fields[values: name].count, "\(name)")
        }
    }
}
