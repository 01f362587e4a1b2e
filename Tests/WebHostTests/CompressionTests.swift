import CompressNIO
import Foundation
import HTMLPages
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import WebHost

@Suite("Compression: pages and static files travel gzip-compressed to clients that accept it")
struct CompressionTests {
    private static let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]

    @Test("a page comes gzip-compressed to a client that accepts it, and inflates to the page sent as is")
    func pageNegotiated() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            _ = try await browser.open()
            let url = try #require(try await browser.get("/").headers[.location])

            let compressed = try await browser.get(url, headers: Self.gzip)
            let plain = try await browser.get(url)

            #expect(compressed.status == .ok && plain.status == .ok)
            #expect(compressed.headers[.contentEncoding] == "gzip")
            #expect(compressed.headers[.vary] == "Accept-Encoding" && plain.headers[.vary] == "Accept-Encoding")
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(compressed.body.readableBytes < plain.body.readableBytes / 2, "a page compresses well")
            #expect(try Self.inflate(compressed.body) == String(buffer: plain.body))
        }
    }

    @Test(
        "a client that accepts no gzip gets the page as is",
        arguments: [nil, "identity", "gzip;q=0", "br, deflate", "*;q=0, identity", "gzip;q=0.5, identity"])
    func identityClients(acceptEncoding: String?) async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            _ = try await browser.open()
            let url = try #require(try await browser.get("/").headers[.location])
            var headers = HTTPFields()
            if let acceptEncoding { headers[.acceptEncoding] = acceptEncoding }
            let page = try await browser.get(url, headers: headers)
            #expect(page.status == .ok)
            #expect(page.headers[.contentEncoding] == nil)
            #expect(page.heading == "Page 1")
        }
    }

    @Test("a page with a form's errors (422) is compressed too")
    func invalidForm() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let action = try #require(page.action("Rename"))
            let answer = try await browser.post(action, form: "name=x", headers: Self.gzip)
            #expect(answer.status == .unprocessableContent)
            #expect(answer.headers[.contentEncoding] == "gzip")
            #expect(try Self.inflate(answer.body).contains("A name has at least two letters."))
        }
    }

    @Test("an event stream is not compressed")
    func eventStream() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let old = try await browser.open()
            _ = try await browser.click("Next", on: old)
            let stream = try await browser.get(try #require(old.eventsURL), headers: Self.gzip)
            #expect(stream.headers[.contentType] == "text/event-stream")
            #expect(stream.headers[.contentEncoding] == nil)
            #expect(stream.text.contains("event: move\ndata: /screen/"))
        }
    }

    @Test("a stylesheet comes compressed, with an ETag of its own, and answers If-None-Match of that ETag 304")
    func staticFile() async throws {
        try await withLabServer { client in
            let path = "/_flowhost/flowhost.css"
            let compressed = try await client.executeRequest(uri: path, method: .get, headers: Self.gzip, body: nil)
            let plain = try await client.executeRequest(uri: path, method: .get, headers: [:], body: nil)

            #expect(compressed.headers[.contentEncoding] == "gzip")
            #expect(compressed.headers[.vary] == "Accept-Encoding" && plain.headers[.vary] == "Accept-Encoding")
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(try Self.inflate(compressed.body) == String(buffer: plain.body))
            let eTag = try #require(compressed.headers[.eTag])
            let plainETag = try #require(plain.headers[.eTag])
            #expect(eTag != plainETag && eTag.hasSuffix("-gzip\""))
            #expect(compressed.headers[.contentLength] == "\(compressed.body.readableBytes)")

            var conditional = Self.gzip
            conditional[.ifNoneMatch] = eTag
            let notModified = try await client.executeRequest(uri: path, method: .get, headers: conditional, body: nil)
            #expect(notModified.status == .notModified)
            #expect(notModified.headers[.eTag] == eTag && notModified.headers[.vary] == "Accept-Encoding")
            // The other representation's tag does not match this one.
            conditional[.ifNoneMatch] = plainETag
            let changed = try await client.executeRequest(uri: path, method: .get, headers: conditional, body: nil)
            #expect(changed.status == .ok && changed.headers[.contentEncoding] == "gzip")

            let head = try await client.executeRequest(uri: path, method: .head, headers: Self.gzip, body: nil)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            #expect(head.headers[.contentLength] == compressed.headers[.contentLength])
        }
    }

    @Test(
        "the chrome's fonts are WOFF2, sent as they are in under half the OpenType bytes; an app's OpenType font comes gzip-compressed"
    )
    func fonts() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let openType = Chrome.fontFilesDirectory
        try FileManager.default.copyItem(
            at: openType.appending(path: "Inter-Regular.otf"), to: folder.appending(path: "Inter.otf"))
        try await withLabServer(publicDirectory: folder) { client in
            for face in ["Regular", "Medium", "SemiBold", "Bold"] {
                let path = "/_flowhost/fonts/Inter-\(face).woff2"
                let font = try await client.executeRequest(uri: path, method: .get, headers: Self.gzip, body: nil)
                #expect(font.status == .ok && font.headers[.contentType] == "font/woff2", "\(path)")
                #expect(font.headers[.contentEncoding] == nil, "WOFF2 is compressed already: \(path)")
                let otf = try Data(contentsOf: openType.appending(path: "Inter-\(face).otf"))
                #expect(font.body.readableBytes < otf.count / 2, "\(path)")
            }
            let path = "/public/Inter.otf"
            let compressed = try await client.executeRequest(uri: path, method: .get, headers: Self.gzip, body: nil)
            let plain = try await client.executeRequest(uri: path, method: .get, headers: [:], body: nil)
            #expect(compressed.status == .ok && compressed.headers[.contentType] == "font/otf")
            #expect(compressed.headers[.contentEncoding] == "gzip")
            #expect(try Self.inflatedBytes(compressed.body) == plain.body)
            #expect(compressed.body.readableBytes < plain.body.readableBytes * 6 / 10)
        }
    }

    @Test("a Range request gets the bytes of the file as is, even from a client that accepts gzip")
    func rangeOnStaticFile() async throws {
        try await withLabServer { client in
            let path = "/_flowhost/flowhost.css"
            let plain = try await client.executeRequest(uri: path, method: .get, headers: [:], body: nil)
            var headers = Self.gzip
            headers[.range] = "bytes=10-29"
            let part = try await client.executeRequest(uri: path, method: .get, headers: headers, body: nil)
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentEncoding] == nil)
            #expect(part.headers[.contentRange] == "bytes 10-29/\(plain.body.readableBytes)")
            #expect(part.body == plain.body.getSlice(at: 10, length: 20))
        }
    }

    @Test("a small file, a file that is not text, and a short answer go as they are")
    func smallAnswers() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-compression-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a { color: red }".utf8).write(to: folder.appending(path: "small.css"))
        try Data(repeating: 7, count: 4096).write(to: folder.appending(path: "photo.png"))
        try await withLabServer(publicDirectory: folder) { client in
            for path in ["/public/small.css", "/public/photo.png"] {
                let file = try await client.executeRequest(uri: path, method: .get, headers: Self.gzip, body: nil)
                #expect(file.status == .ok, "\(path)")
                #expect(file.headers[.contentEncoding] == nil && file.headers[.vary] == nil, "\(path)")
            }
            let health = try await client.executeRequest(uri: "/healthz", method: .get, headers: Self.gzip, body: nil)
            #expect(health.headers[.contentEncoding] == nil && String(buffer: health.body) == "ok")
        }
    }

    @Test(
        "Accept-Encoding picks gzip by its weight, against identity's",
        arguments: [
            ("gzip", ContentCoding.gzip), ("GZIP", .gzip), ("x-gzip", .gzip), ("deflate, gzip;q=0.8", .gzip),
            ("*", .gzip), ("identity;q=0.5, *", .gzip), ("", .identity), ("gzip;q=0", .identity),
            ("gzip;q=0.4, identity;q=0.5", .identity), ("*;q=0", .identity), ("gzip;q=x", .identity),
            ("br", .identity),
        ])
    func acceptEncoding(header: String, expected: ContentCoding) {
        #expect(ContentCoding(acceptEncoding: [header]) == expected)
    }

    @Test("the lists browsers send, read without the parse, are gzip as the parse finds")
    func browserLists() {
        for list in ContentCoding.gzipLists { #expect(ContentCoding(acceptEncoding: [list]) == .gzip, "\(list)") }
    }

    @Test(
        "a request's coding: several Accept-Encoding fields read as one list",
        arguments: [
            ([], ContentCoding.identity), (["gzip, deflate, br"], .gzip), (["gzip;q=0"], .identity),
            (["br", "gzip"], .gzip), (["gzip;q=0.5", "identity"], .identity), (["GZIP, deflate"], .gzip),
        ] as [([String], ContentCoding)])
    func requestCoding(fields: [String], expected: ContentCoding) {
        var headers = HTTPFields()
        for value in fields { headers.append(HTTPField(name: .acceptEncoding, value: value)) }
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/", headerFields: headers)
        #expect(Request(head: head, body: .init(buffer: ByteBuffer())).contentCoding == expected)
    }

    @Test("a body is kept compressed only when that makes it smaller, and gives back what it was given")
    func compressedBody() {
        let page = ByteBuffer(string: String(repeating: "<li>a row of the list</li>\n", count: 200))
        let kept = CompressedBody(page)
        #expect(kept.isCompressed && kept.identity == page && kept.identityLength == page.readableBytes)
        let short = CompressedBody(ByteBuffer(string: "ok"))
        #expect(!short.isCompressed && short.bytes(for: .gzip).coding == .identity)
    }

    @Test("a page's string or rendered bytes are kept compressed where they lie: the same bytes as through a buffer")
    func compressedString() {
        // Not ASCII only: the length kept is the UTF-8 one, not the count of characters.
        let html = String(repeating: "<li>a row of the list – “quoted”</li>\n", count: 200)
        let kept = CompressedBody(html)
        let rendered = CompressedBody(Array(html.utf8))
        let buffered = CompressedBody(ByteBuffer(string: html))
        #expect(kept.isCompressed && kept.identity == ByteBuffer(string: html))
        #expect(rendered.isCompressed && rendered.identity == ByteBuffer(string: html))
        #expect(kept.identityLength == html.utf8.count && kept.identityLength > html.count)
        #expect(rendered.identityLength == html.utf8.count)
        #expect(kept.bytes(for: .gzip).bytes == buffered.bytes(for: .gzip).bytes)
        #expect(rendered.bytes(for: .gzip).bytes == buffered.bytes(for: .gzip).bytes)
        let short = CompressedBody("ok")
        #expect(!short.isCompressed && short.identity == ByteBuffer(string: "ok"))
        let shortBytes = CompressedBody(Array("ok".utf8))
        #expect(!shortBytes.isCompressed && shortBytes.identity == ByteBuffer(string: "ok"))
    }

    /// `body` inflated.
    private static func inflate(_ body: ByteBuffer) throws -> String {
        String(buffer: try inflatedBytes(body))
    }

    private static func inflatedBytes(_ body: ByteBuffer) throws -> ByteBuffer {
        var body = body
        return try body.decompress(with: .gzip())
    }
}
