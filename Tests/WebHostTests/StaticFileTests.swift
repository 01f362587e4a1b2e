import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebHost

/// A `Public/` folder beside a file it must never serve, with links into and out of it.
private struct PublicFolder {
    let root = FileManager.default.temporaryDirectory.appending(path: "flowhost-public-\(UUID().uuidString)")
    var folder: URL { root.appending(path: "Public") }

    init() throws {
        let files = FileManager.default
        try files.createDirectory(at: folder.appending(path: "sub"), withIntermediateDirectories: true)
        try Data("0123456789".utf8).write(to: folder.appending(path: "digits.txt"))
        try Data().write(to: folder.appending(path: "empty.txt"))
        try Data("a {}".utf8).write(to: folder.appending(path: "sub/a.css"))
        try Data("the store".utf8).write(to: root.appending(path: "secret.sqlite"))
        try files.createSymbolicLink(
            atPath: folder.appending(path: "leak.txt").path, withDestinationPath: "../secret.sqlite")
        try files.createSymbolicLink(atPath: folder.appending(path: "out").path, withDestinationPath: root.path)
        try files.createSymbolicLink(atPath: folder.appending(path: "same.txt").path, withDestinationPath: "digits.txt")
        try files.createSymbolicLink(atPath: folder.appending(path: "loop").path, withDestinationPath: "loop")
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite("Static files: ranges, conditional requests and links, inside their folder only")
struct StaticFileTests {
    private func withPublic(
        testing: TestingSetup = .router, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let folder = try PublicFolder()
        defer { folder.remove() }
        try await withLabServer(publicDirectory: folder.folder, testing: testing, test)
    }

    private func get(
        _ client: any TestClientProtocol, _ path: String, _ headers: HTTPFields = [:], method: HTTPRequest.Method = .get
    ) async throws -> TestResponse {
        try await client.executeRequest(uri: path, method: method, headers: headers, body: nil)
    }

    @Test("a range past the end is 416 with Content-Range: bytes */size, and nothing else")
    func unsatisfiable() async throws {
        try await withPublic { client in
            for range in ["bytes=99999999-", "bytes=10-", "bytes=-0"] {
                let response = try await get(client, "/public/digits.txt", [.range: range])
                #expect(response.status == .rangeNotSatisfiable, "\(range)")
                #expect(response.headers[.contentRange] == "bytes */10", "\(range)")
                #expect(response.body.readableBytes == 0, "\(range)")
            }
        }
    }

    @Test("a malformed range is ignored: 200 with the whole file")
    func malformed() async throws {
        try await withPublic { client in
            for range in ["bytes=5-1", "bytes=a-b", "pages=1-2", "bytes=0-1,4-5"] {
                let response = try await get(client, "/public/digits.txt", [.range: range])
                #expect(response.status == .ok, "\(range)")
                #expect(String(buffer: response.body) == "0123456789", "\(range)")
                #expect(response.headers[.contentRange] == nil, "\(range)")
            }
        }
    }

    @Test("a satisfiable range is 206 with those bytes; HEAD and a stale If-Range get the whole file")
    func partial() async throws {
        try await withPublic { client in
            let part = try await get(client, "/public/digits.txt", [.range: "bytes=2-4"])
            #expect(part.status == .partialContent)
            #expect(String(buffer: part.body) == "234")
            #expect(part.headers[.contentRange] == "bytes 2-4/10")
            #expect(part.headers[.contentLength] == "3")
            #expect(String(buffer: try await get(client, "/public/digits.txt", [.range: "bytes=-3"]).body) == "789")

            let head = try await get(client, "/public/digits.txt", [.range: "bytes=2-4"], method: .head)
            #expect(head.status == .ok && head.headers[.contentLength] == "10" && head.body.readableBytes == 0)

            let etag = try #require(part.headers[.eTag])
            let current = try await get(client, "/public/digits.txt", [.range: "bytes=2-4", .ifRange: etag])
            #expect(current.status == .partialContent)
            let stale = try await get(client, "/public/digits.txt", [.range: "bytes=2-4", .ifRange: "\"old\""])
            #expect(stale.status == .ok && String(buffer: stale.body) == "0123456789")
        }
    }

    @Test("If-None-Match with the ETag in a list, weak or *, is 304")
    func notModified() async throws {
        try await withPublic { client in
            let etag = try #require(try await get(client, "/public/digits.txt").headers[.eTag])
            for match in ["\"other\", \(etag)", "W/\(etag)", "*"] {
                let response = try await get(client, "/public/digits.txt", [.ifNoneMatch: match])
                #expect(response.status == .notModified, "\(match)")
            }
            #expect(try await get(client, "/public/digits.txt", [.ifNoneMatch: "\"other\""]).status == .ok)
        }
    }

    @Test("a link inside the folder is served; one that leads out, loops, or a folder is not found")
    func links() async throws {
        try await withPublic { client in
            let same = try await get(client, "/public/same.txt")
            #expect(same.status == .ok && String(buffer: same.body) == "0123456789")
            #expect(try await get(client, "/public/sub/a.css").headers[.contentType]?.hasPrefix("text/css") == true)
            for path in ["/public/leak.txt", "/public/out/secret.sqlite", "/public/loop", "/public/sub", "/public/"] {
                let response = try await get(client, path)
                #expect(response.status == .notFound, "\(path)")
                #expect(!String(buffer: response.body).contains("the store"), "\(path)")
            }
        }
    }

    @Test(
        "a page links the chrome's files under their version, kept a year without asking again; the fonts the stylesheet names resolve there; unversioned, another version or the app's files are revalidated"
    )
    func chromeFilesUnderTheirVersion() async throws {
        try await withPublic { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let linked = page.text.matches(of: /(?:href|src)="(\/_flowhost\/v[0-9a-f]{16}\/[a-z]+\.(?:css|js))"/)
                .map { String($0.1) }
            #expect(Set(linked) == [FlowHostRoute.stylesheet.url, FlowHostRoute.script.url], "\(linked)")
            let version = try #require(FlowHostRoute.stylesheet.url.split(separator: "/").dropFirst().first)
            #expect(FlowHostRoute.mapStylesheet.url == "/_flowhost/\(version)/flowmap.css")

            let stylesheet = try await get(client, FlowHostRoute.stylesheet.url)
            #expect(stylesheet.status == .ok)
            let fonts = String(buffer: stylesheet.body).matches(of: /url\("(fonts\/[A-Za-z-]+\.woff2)"\)/).map { $0.1 }
            #expect(fonts.count == 4)
            for path in [FlowHostRoute.stylesheet.url, FlowHostRoute.script.url, FlowHostRoute.mapStylesheet.url]
                + fonts.map({ "/_flowhost/\(version)/\($0)" })
            {
                let response = try await get(client, path)
                #expect(response.status == .ok && response.body.readableBytes > 1000, "\(path)")
                #expect(response.headers[values: .cacheControl] == ["public, max-age=31536000, immutable"], "\(path)")
            }
            let other = "/_flowhost/v\(String(repeating: "0", count: 16))/flowhost.css"
            for path in ["/_flowhost/flowhost.css", other, "/public/sub/a.css"] {
                let response = try await get(client, path)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[values: .cacheControl] == ["no-cache"], "\(path)")
            }
            #expect(String(buffer: try await get(client, other).body) == String(buffer: stylesheet.body))
            let outside = [
                "/_flowhost/\(version)/../flowhost.css", "/_flowhost/\(version)/", "/_flowhost/\(version)/nope.css",
            ]
            for path in outside {
                #expect(try await get(client, path).status != .ok, "\(path)")
            }
        }
    }

    @Test("an empty file is served empty; a range of it is unsatisfiable")
    func emptyFile() async throws {
        try await withPublic { client in
            let empty = try await get(client, "/public/empty.txt")
            #expect(empty.status == .ok && empty.body.readableBytes == 0 && empty.headers[.contentLength] == "0")
            #expect(try await get(client, "/public/empty.txt", [.range: "bytes=0-"]).status == .rangeNotSatisfiable)
        }
    }

    @Test("over a real socket, a range past the end is answered at once, not left hanging")
    func unsatisfiableOverSocket() async throws {
        try await withPublic(testing: .live) { client in
            let response = try await RawHTTP(port: try #require(client.port)).send(
                "GET /public/digits.txt HTTP/1.1\r\nHost: localhost\r\nRange: bytes=99999999-\r\nConnection: close\r\n\r\n"
            )
            #expect(response.status == 416)
            #expect(response.header("Content-Range") == "bytes */10")
            let ranged = try await RawHTTP(port: try #require(client.port)).send(
                "GET /public/digits.txt HTTP/1.1\r\nHost: localhost\r\nRange: bytes=5-1\r\nConnection: close\r\n\r\n")
            #expect(ranged.status == 200 && ranged.body == "0123456789")
        }
    }
}
