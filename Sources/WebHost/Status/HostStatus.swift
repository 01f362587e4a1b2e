/// What `GET /_flowhost/status` answers (as JSON) and the periodic status log line says: how many
/// sessions and event streams live, so an operator can see a flood.
struct HostStatus: Sendable, Equatable, Codable {
    /// The open live-move streams.
    struct EventStreams: Sendable, Equatable, Codable {
        /// Open now.
        var open: Int
        /// The server-wide bound.
        var limit: Int
        /// Refused with 503 so far.
        var refused: Int
    }

    /// Sessions by pool, and what ended them.
    var sessions: SessionCounts
    /// Live-move streams.
    var eventStreams: EventStreams
}

extension HostStatus: CustomStringConvertible {
    /// One log line: `sessions: 3 returning, 120 new (...); event streams: 4 open of 4096`.
    var description: String {
        "sessions: \(sessions.returning) returning, \(sessions.new) new (started \(sessions.started), "
            + "promoted \(sessions.promoted), evicted \(sessions.evictedNew) new and "
            + "\(sessions.evictedReturning) returning, expired \(sessions.expired), hibernated "
            + "\(sessions.hibernated), restored \(sessions.restored), reloaded \(sessions.reloaded)); "
            + "event streams: \(eventStreams.open) open of \(eventStreams.limit), \(eventStreams.refused) refused"
    }
}
