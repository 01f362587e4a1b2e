import Synchronization

/// Every live session by identifier, in two pools: new sessions (only their first request made)
/// and returning ones (they came back with their cookie). Each pool is bounded by count, least
/// recently used first, and a new session can only ever push out another new one: a client that
/// keeps no cookies starts a new session with every request, and must not end a person's. Both
/// pools are bounded by idle time. Removing a session here only unlists it; the caller closes it.
///
/// A session that ends (idle, evicted) moves to a third list, `leaving`, in the same step, until
/// its caller says its stored path is gone (``forgotten(_:)``): a request naming it meanwhile is
/// told it ended, and never rebuilds it from the path on its way out.
final class SessionStore: Sendable {
    /// What a cookie lookup found.
    struct Lookup {
        /// The session the cookie names, touched (and promoted if it was new): live, or rebuilding
        /// from its stored path.
        var session: Session?
        /// The cookie names a session that ended and is leaving the store: start a new one.
        var isLeaving = false
        /// Sessions that left the store on the way (expired, or evicted by the promotion): close them.
        var ended: [Session] = []
    }

    private struct Pools {
        var new: [SessionID: Session] = [:]
        var returning: [SessionID: Session] = [:]
        /// Ended sessions whose stored paths are being forgotten.
        var leaving: [SessionID: Session] = [:]
        /// Sessions a cookie named that are being rebuilt from their stored paths: outside the
        /// bounded pools until the store showed they exist (a flood of made-up cookies ends no one),
        /// and at most as many as requests wait for them.
        var rebuilding: [SessionID: Session] = [:]
        var counts = SessionCounts()

        /// Lists `session` in `pool`, then ends that pool's least recently used sessions beyond
        /// `bound` (counted in `evictedCount`) and returns them.
        mutating func add(
            _ session: Session, to pool: WritableKeyPath<Pools, [SessionID: Session]>, bound: Int,
            evictedCount: WritableKeyPath<SessionCounts, Int>
        ) -> [Session] {
            self[keyPath: pool][session.id] = session
            var evicted: [Session] = []
            while self[keyPath: pool].count > bound,
                let oldest = self[keyPath: pool].values.min(by: { $0.lastUsed < $1.lastUsed })
            {
                self[keyPath: pool][oldest.id] = nil
                leaving[oldest.id] = oldest
                evicted.append(oldest)
            }
            counts[keyPath: evictedCount] += evicted.count
            return evicted
        }
    }

    private let pools = Mutex(Pools())
    private let maxReturning: Int
    private let maxNew: Int
    private let idleTimeout: Duration

    init(maxSessions: Int, maxNewSessions: Int, idleTimeout: Duration) {
        precondition(maxSessions > 0, "maxSessions must be at least 1")
        precondition(maxNewSessions > 0, "maxNewSessions must be at least 1")
        maxReturning = maxSessions
        maxNew = maxNewSessions
        self.idleTimeout = idleTimeout
    }

    /// How many sessions live, in both pools.
    var count: Int { pools.withLock { $0.new.count + $0.returning.count } }

    /// The pools' sizes and what left them so far.
    var counts: SessionCounts {
        pools.withLock { pools in
            var counts = pools.counts
            counts.new = pools.new.count
            counts.returning = pools.returning.count
            return counts
        }
    }

    /// The live session named in a cookie value, touched; a new session that comes back is
    /// promoted to the returning pool. Nil when the value is malformed, unknown or names a session
    /// idle past the timeout (which is then removed and returned in `ended`).
    func session(forCookie value: String?, now: ContinuousClock.Instant) -> Lookup {
        guard let value, let id = SessionID(value) else { return Lookup() }
        return pools.withLock { pools in
            let isNew = pools.new[id] != nil
            guard let session = pools.new[id] ?? pools.returning[id] else {
                return Lookup(session: pools.rebuilding[id], isLeaving: pools.leaving[id] != nil)
            }
            guard now - session.lastUsed < idleTimeout else {
                if isNew { pools.new[id] = nil } else { pools.returning[id] = nil }
                pools.leaving[id] = session
                pools.counts.expired += 1
                return Lookup(isLeaving: true, ended: [session])
            }
            session.touch(now)
            guard isNew else { return Lookup(session: session) }
            pools.new[id] = nil
            pools.counts.promoted += 1
            let evicted = pools.add(session, to: \.returning, bound: maxReturning, evictedCount: \.evictedReturning)
            return Lookup(session: session, ended: evicted)
        }
    }

    /// Adds a new session to the new pool; returns the new sessions evicted to stay within its bound.
    func insert(_ session: Session) -> [Session] {
        pools.withLock { pools in
            pools.counts.started += 1
            return pools.add(session, to: \.new, bound: maxNew, evictedCount: \.evictedNew)
        }
    }

    /// The session a valid cookie names that is not in memory (it hibernated, or the server
    /// restarted): a new ``Session`` in ``SessionLife/hibernated``, listed as rebuilding (not in a
    /// pool yet) so that every request naming it meanwhile waits for the one rebuild in its queue.
    /// Nil when the session is leaving the store.
    func returningSession(_ id: SessionID, now: ContinuousClock.Instant) -> Session? {
        pools.withLock { pools in
            if let listed = pools.new[id] ?? pools.returning[id] ?? pools.rebuilding[id] { return listed }
            guard pools.leaving[id] == nil else { return nil }
            let session = Session(id: id, life: .hibernated, now: now)
            pools.rebuilding[id] = session
            return session
        }
    }

    /// A session was rebuilt from its stored path: it joins the returning pool. Returns the returning
    /// sessions evicted to stay within the bound.
    func didRestore(_ session: Session) -> [Session] {
        pools.withLock { pools in
            guard pools.rebuilding[session.id] === session else { return [] }
            pools.rebuilding[session.id] = nil
            pools.counts.restored += 1
            return pools.add(session, to: \.returning, bound: maxReturning, evictedCount: \.evictedReturning)
        }
    }

    /// Unlists a session whose rebuild found nothing stored: it never was.
    func discard(_ session: Session) {
        pools.withLock { pools in
            if pools.rebuilding[session.id] === session { pools.rebuilding[session.id] = nil }
        }
    }

    /// The stored paths of `ids` are gone: they stop being told apart from unknown sessions.
    func forgotten(_ ids: some Sequence<SessionID>) {
        pools.withLock { pools in
            for id in ids { pools.leaving[id] = nil }
        }
    }

    /// Removes and returns the sessions idle past the timeout.
    func removeIdle(now: ContinuousClock.Instant) -> [Session] {
        pools.withLock { pools in
            let idle =
                pools.new.values.filter { now - $0.lastUsed >= idleTimeout }
                + pools.returning.values.filter { now - $0.lastUsed >= idleTimeout }
            for session in idle {
                pools.new[session.id] = nil
                pools.returning[session.id] = nil
                pools.leaving[session.id] = session
            }
            pools.counts.expired += idle.count
            return idle
        }
    }

    /// Counts a live session rebuilt from the store because another process changed it.
    func countReload() {
        pools.withLock { $0.counts.reloaded += 1 }
    }

    /// The listed session `id`, untouched.
    func listed(_ id: SessionID) -> Session? {
        pools.withLock { $0.new[id] ?? $0.returning[id] }
    }

    /// Unlists `session`, whose stored path another process removed; returns whether it was
    /// listed. Not listed as leaving: the store, not this process, says whether a request naming
    /// it later finds a path to rebuild (that process may store one anew, as "Back to here" does).
    func remove(_ session: Session) -> Bool {
        pools.withLock { pools in
            guard pools.new[session.id] === session || pools.returning[session.id] === session else { return false }
            pools.new[session.id] = nil
            pools.returning[session.id] = nil
            return true
        }
    }

    /// The ids of every listed session.
    var ids: Set<String> {
        pools.withLock { pools in Set((Array(pools.new.keys) + Array(pools.returning.keys)).map(\.description)) }
    }

    /// Every listed session.
    var all: [Session] { pools.withLock { Array($0.new.values) + Array($0.returning.values) } }

    /// The sessions unused for at least `interval`, still listed.
    func sessions(unusedFor interval: Duration, now: ContinuousClock.Instant) -> [Session] {
        pools.withLock { pools in
            (Array(pools.new.values) + Array(pools.returning.values)).filter { now - $0.lastUsed >= interval }
        }
    }

    /// Unlists `session` if it is still unused for at least `interval`: it hibernates (its click
    /// path is stored; its next request rebuilds it). Returns whether it did.
    func hibernate(_ session: Session, unusedFor interval: Duration, now: ContinuousClock.Instant) -> Bool {
        pools.withLock { pools in
            guard now - session.lastUsed >= interval,
                pools.new[session.id] === session || pools.returning[session.id] === session
            else { return false }
            pools.new[session.id] = nil
            pools.returning[session.id] = nil
            pools.counts.hibernated += 1
            return true
        }
    }

    /// Removes and returns every session.
    func removeAll() -> [Session] {
        pools.withLock { pools in
            defer {
                pools.new = [:]
                pools.returning = [:]
            }
            return Array(pools.new.values) + Array(pools.returning.values)
        }
    }
}
