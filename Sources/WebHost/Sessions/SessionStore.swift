import Synchronization

/// Every live session by identifier, bounded by count (least recently used evicted first) and by
/// idle time. Removing a session here only unlists it; the caller closes it.
final class SessionStore: Sendable {
    private let sessions = Mutex([SessionID: Session]())
    private let maxSessions: Int
    private let idleTimeout: Duration

    init(maxSessions: Int, idleTimeout: Duration) {
        precondition(maxSessions > 0, "maxSessions must be at least 1")
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
    }

    /// How many sessions live.
    var count: Int { sessions.withLock(\.count) }

    /// The live session named in a cookie value, touched; nil when the value is malformed, unknown
    /// or names a session idle past the timeout (which is then removed and returned in `expired`).
    func session(
        forCookie value: String?, now: ContinuousClock.Instant
    ) -> (session: Session?, expired: Session?) {
        guard let value, let id = SessionID(value) else { return (nil, nil) }
        return sessions.withLock { sessions in
            guard let session = sessions[id] else { return (nil, nil) }
            guard now - session.lastUsed < idleTimeout else {
                sessions[id] = nil
                return (nil, session)
            }
            session.touch(now)
            return (session, nil)
        }
    }

    /// Adds `session`; returns the sessions evicted to stay within the bound.
    func insert(_ session: Session) -> [Session] {
        sessions.withLock { sessions in
            sessions[session.id] = session
            var evicted: [Session] = []
            while sessions.count > maxSessions,
                let oldest = sessions.values.min(by: { $0.lastUsed < $1.lastUsed })
            {
                sessions[oldest.id] = nil
                evicted.append(oldest)
            }
            return evicted
        }
    }

    /// Removes and returns the sessions idle past the timeout.
    func removeIdle(now: ContinuousClock.Instant) -> [Session] {
        sessions.withLock { sessions in
            let idle = sessions.values.filter { now - $0.lastUsed >= idleTimeout }
            for session in idle { sessions[session.id] = nil }
            return idle
        }
    }

    /// Removes and returns every session.
    func removeAll() -> [Session] {
        sessions.withLock { sessions in
            defer { sessions = [:] }
            return Array(sessions.values)
        }
    }
}
