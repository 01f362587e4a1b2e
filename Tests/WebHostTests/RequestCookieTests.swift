import HTTPTypes
import Hummingbird
import Testing

@testable import WebHost

@Suite("The session cookie read from the Cookie fields as browsers send them")
struct RequestCookieTests {
    private func request(cookies: [String]) -> Request {
        var fields = HTTPFields()
        for cookie in cookies { fields.append(HTTPField(name: .cookie, value: cookie)) }
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/", headerFields: fields)
        return Request(head: head, body: .init(buffer: ByteBuffer()))
    }

    @Test(
        "found among other cookies, in any field, with spaces; a name it merely begins or ends is not it",
        arguments: [
            (["flowhost_session=abc"], "abc"),
            (["theme=dark; flowhost_session=abc; flowhost_at=3"], "abc"),
            (["theme=dark;flowhost_session=abc"], "abc"),
            (["theme=dark", "\tflowhost_session=abc"], "abc"),
            (["flowhost_session_old=x; xflowhost_session=y; flowhost_session=abc"], "abc"),
            (["flowhost_session=abc; flowhost_session=def"], "abc"),
            (["flowhost_session="], ""),
        ] as [([String], String)])
    func found(_ cookies: [String], _ value: String) {
        #expect(request(cookies: cookies).sessionCookieValue == value)
    }

    @Test(
        "none when no field names it",
        arguments: [[], ["theme=dark"], ["flowhost_session"], ["flowhost_sessions=abc"], [";;"], [""]] as [[String]])
    func missing(_ cookies: [String]) {
        #expect(request(cookies: cookies).sessionCookieValue == nil)
    }

    @Test("the path length is a number of at most nine digits told of this session, else none")
    func pathLength() throws {
        let session = try #require(SessionID("ab12cd34" + String(repeating: "0", count: 24)))
        let other = try #require(SessionID(String(repeating: "f", count: 32)))
        #expect(request(cookies: ["flowhost_session=abc; flowhost_at=42-ab12cd34"]).seenPathLength(of: session) == 42)
        #expect(request(cookies: ["flowhost_at=42-ab12cd34"]).seenPathLength(of: other) == nil, "another session's")
        #expect(request(cookies: ["flowhost_at=42"]).seenPathLength(of: session) == nil, "no session named")
        #expect(request(cookies: ["flowhost_at=1234567890-ab12cd34"]).seenPathLength(of: session) == nil)
        #expect(request(cookies: ["flowhost_at=4x-ab12cd34"]).seenPathLength(of: session) == nil)
        for malformed in [
            "-ab12cd34", "-4-ab12cd34", "4-2-ab12cd34", "42--ab12cd34", "42-ab12cd34-", "42-ab12cd3", "-",
        ] {
            #expect(request(cookies: ["flowhost_at=\(malformed)"]).seenPathLength(of: session) == nil, "\(malformed)")
        }
        #expect(request(cookies: ["flowhost_at=123456789-ab12cd34"]).seenPathLength(of: session) == 123_456_789)
    }
}
