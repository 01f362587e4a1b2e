/// How many sessions live in each pool, and how many left them and why, since the server started.
struct SessionCounts: Sendable, Equatable, Codable {
    /// New sessions: only their first request made.
    var new = 0
    /// Returning sessions: they came back with their cookie.
    var returning = 0
    /// Sessions started.
    var started = 0
    /// New sessions that came back and became returning ones.
    var promoted = 0
    /// Sessions rebuilt from their stored click path (after a restart).
    var restored = 0
    /// New sessions ended to make room for newer ones.
    var evictedNew = 0
    /// Returning sessions ended to make room (least recently used).
    var evictedReturning = 0
    /// Sessions ended after the idle timeout.
    var expired = 0
}
