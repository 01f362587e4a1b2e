import HTTPTypes
import NIOHTTP1
import NIOHTTPTypesHTTP1
import Testing

@testable import WebHost

@Suite("The server's HTTP/1.1 codec reads requests as NIOHTTPTypes' codec reads them")
struct HTTP1ServerCodecTests {
    private static func head(
        _ method: HTTPMethod = .GET, _ uri: String, _ headers: [(String, String)]
    ) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: HTTPHeaders(headers))
    }

    static let heads: [HTTPRequestHead] = [
        head(
            .POST, "/_action/abc",
            [
                ("Host", "127.0.0.1:8080"), ("Cookie", "flowhost_session=1; flowhost_at=3-12345678"),
                ("Sec-Fetch-Site", "same-origin"), ("Content-Type", "application/x-www-form-urlencoded"),
                ("content-length", "0"),
            ]),
        head(.GET, "/screen/4?x=1#f", [("hOsT", "example.com"), ("Accept-Encoding", "gzip"), ("Cookie", "a=1")]),
        // A second Host stays among the fields (the responder refuses two); none leaves no authority.
        head(.GET, "/", [("Host", "a.example"), ("User-Agent", "x"), ("HOST", "b.example")]),
        head(.GET, "/healthz", []),
        head(.GET, "//double/slash", [("Host", "h")]),
        // A name that is no token is dropped; a value keeps what HTTPTypes keeps of it.
        head(.GET, "/screen/1", [("Host", "h"), ("Bad Name", "v"), ("X-Tab", "a\tb"), ("X-Empty", "")]),
        head(.RAW(value: "BREW"), "/", [("Host", "h")]),
        head(.OPTIONS, "*", [("Host", "h")]),
        head(.GET, "http://example.com:81/screen/2?q=1", [("Host", "other")]),
        head(.GET, "screen/3", [("Host", "h")]),
    ]

    @Test("the same method, scheme, authority, path and fields, in the same order", arguments: heads)
    func sameRequest(head: HTTPRequestHead) throws {
        let library = try HTTPRequest(head, secure: false, splitCookie: false)
        let ours = try HTTP1ServerCodec.request(head)
        #expect(ours == library)
        #expect(ours.path == library.path)
        #expect(ours.authority == library.authority)
        #expect(ours.headerFields.map(\.name.rawName) == library.headerFields.map(\.name.rawName))
        #expect(ours.headerFields.map(\.value) == library.headerFields.map(\.value))
    }

    @Test("a method HTTPTypes cannot name is refused as the library refuses it")
    func refusedMethod() {
        let head = Self.head(.RAW(value: "B@D"), "/", [("Host", "h")])
        #expect(throws: HTTP1TypeConversionError.invalidMethod) { try HTTP1ServerCodec.request(head) }
        #expect(throws: HTTP1TypeConversionError.invalidMethod) {
            try HTTPRequest(head, secure: false, splitCookie: false)
        }
    }
}
