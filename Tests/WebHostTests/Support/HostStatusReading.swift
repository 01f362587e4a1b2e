import Foundation
import HummingbirdTesting
import Testing

/// `GET /_flowhost/status`, decoded: what an operator reads.
struct StatusReading: Decodable, Equatable {
    struct Sessions: Decodable, Equatable {
        var new, returning, started, promoted, evictedNew, evictedReturning, expired, hibernated, restored: Int
    }
    struct EventStreams: Decodable, Equatable {
        var open, limit, refused: Int
    }
    var sessions: Sessions
    var eventStreams: EventStreams
}

extension TestClientProtocol {
    /// The server's status page, decoded.
    func status() async throws -> StatusReading {
        let response = try await executeRequest(uri: "/_flowhost/status", method: .get, headers: [:], body: nil)
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/json")
        return try JSONDecoder().decode(StatusReading.self, from: Data(String(buffer: response.body).utf8))
    }

    /// Waits (at most `timeout`) until the status satisfies `condition`; the last status read.
    @discardableResult
    func waitForStatus(
        timeout: Duration = .seconds(2), _ condition: (StatusReading) -> Bool
    ) async throws -> StatusReading {
        let deadline = ContinuousClock.now + timeout
        var reading = try await status()
        while !condition(reading), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            reading = try await status()
        }
        return reading
    }
}
