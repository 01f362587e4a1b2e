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
    /// Sessions rebuilt from their stored click path (after a restart, or another process served
    /// them).
    var restored = 0
    /// Live sessions rebuilt from the store because another process changed them (several
    /// processes on one store).
    var reloaded = 0
    /// New sessions ended to make room for newer ones.
    var evictedNew = 0
    /// Returning sessions ended to make room (least recently used).
    var evictedReturning = 0
    /// Sessions ended after the idle timeout.
    var expired = 0
    /// Sessions that left memory after a while unused, their click path stored (rebuilt on their
    /// next request).
    var hibernated = 0
}
