import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Event stream limits")
struct EventStreamLimitTests {
    @Test("a session keeps eight streams: the ninth ends the first with a close event, the rest still move")
    func perSessionCap() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let events = try #require(page.eventsURL)
            let opener = browser

            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                // Given eight open streams, opened one after the other
                for index in 1...8 {
                    group.addTask { (index, try await opener.getOnce(events).text) }
                    try await client.waitForStatus { $0.eventStreams.open == index }
                }
                // When a ninth opens
                group.addTask { (9, try await opener.getOnce(events).text) }

                // Then the first ends at once with a close event
                let (first, text) = try #require(try await group.next())
                #expect(first == 1)
                #expect(text.hasSuffix("event: close\ndata: too many open pages\n\n"))
                let open = try await client.waitForStatus { $0.eventStreams.open == 8 }.eventStreams.open
                #expect(open == 8)

                // And the other eight still follow the page
                _ = try await browser.click("Next", on: page)
                var moved: [Int] = []
                for try await (index, text) in group {
                    #expect(text.contains("event: move\ndata: /screen/"), "stream \(index)")
                    moved.append(index)
                }
                #expect(moved.sorted() == Array(2...9))
            }
            #expect(try await client.waitForStatus { $0.eventStreams.open == 0 }.eventStreams.open == 0)
        }
    }

    @Test("a stream ends within a second of its client hanging up, not at the next keep-alive")
    func clientHangsUp() async throws {
        try await withLabServer(testing: .live) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let port = try #require(client.port)
            let connection = try RawConnection(port: port)
            try connection.send(
                "GET \(try #require(page.eventsURL)) HTTP/1.1\r\nHost: localhost\r\n"
                    + "Cookie: flowhost_session=\(try #require(browser.sessionCookie))\r\n\r\n")
            #expect(try connection.receive().hasPrefix("HTTP/1.1 200"))
            #expect(try await client.waitForStatus { $0.eventStreams.open == 1 }.eventStreams.open == 1)

            let hungUp = ContinuousClock.now
            connection.close()

            let open = try await client.waitForStatus(timeout: .seconds(1)) { $0.eventStreams.open == 0 }
            #expect(open.eventStreams.open == 0, "released \(ContinuousClock.now - hungUp) after the hang-up")
        }
    }

    @Test("over the server-wide cap a stream is answered 503 with Retry-After; pages and actions go on")
    func serverWideCap() async throws {
        try await withLabServer(configure: { $0.maxEventStreams = 2 }) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let events = try #require(page.eventsURL)
            let opener = browser
            try await withThrowingTaskGroup(of: String.self) { group in
                // Given the cap's two streams open
                for _ in 1...2 { group.addTask { try await opener.getOnce(events).text } }
                try await client.waitForStatus { $0.eventStreams.open == 2 }

                // When one more is asked for
                let refused = try await opener.getOnce(events)

                // Then it is refused, and nothing else is
                #expect(refused.status == .serviceUnavailable)
                #expect(refused.headers[.retryAfter] == "10")
                #expect(try await client.status().eventStreams.refused == 1)
                let reloaded = try await browser.open()
                #expect(reloaded.status == .ok)
                #expect(reloaded.heading == "Page 1")
                let next = try await browser.click("Next", on: page)
                #expect(next.status == .ok)
                #expect(next.heading == "Page 2")
                for try await text in group { #expect(text.contains("event: move")) }
            }
        }
    }
}

extension Browser {
    /// GETs `path` once with the session cookie, following nothing.
    func getOnce(_ path: String) async throws -> TestResponse {
        var copy = self
        return try await copy.get(path)
    }
}

/// A bare TCP connection to the test server, to hang up on it mid-response as a closed tab does.
final class RawConnection {
    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard socket >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    func send(_ text: String) throws {
        let sent = text.utf8CString.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count - 1, 0) }
        guard sent == text.utf8.count else { throw POSIXError(.EIO) }
    }

    /// What the server has sent so far (one read).
    func receive() throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count > 0 else { throw POSIXError(.EIO) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    func close() {
        _ = Glibc.close(socket)
    }
}
