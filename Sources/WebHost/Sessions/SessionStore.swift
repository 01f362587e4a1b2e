import Synchronization

/// Every session this process holds, by identifier, filed in the pool its phase says
/// (``SessionStateMachine/pool``): the filing follows every event that changes the phase, in the
/// same lock, so it never disagrees with it.
///
/// New sessions (only their first request made) and returning ones (they came back with their
/// cookie) are bounded by count, least recently used first, and a new session can only ever push
/// out another new one: a client that keeps no cookies starts a new session with every request,
/// and must not end a person's. Both are bounded by idle time. Sessions a cookie named that are
/// being rebuilt from the store are outside the bounded pools until the store showed they exist (a
/// flood of made-up cookies ends no one), and at most as many as requests wait for them. A session
/// that ends stays listed as leaving until its stored path is gone: a request naming it meanwhile
/// is told it ended, and never rebuilds it from the path on its way out.
///
/// The store ends sessions (expired, evicted) in its lock and returns what their leaving asks
/// (``Ended``); the caller performs it.
final class SessionStore: Sendable {
    /// Where a session is filed.
    enum Pool: Sendable, Equatable {
        /// Live, its first request made only.
        case new
        /// Live, it came back with its cookie.
        case returning
        /// Named by a cookie, being rebuilt from the store.
        case arriving
        /// Ended, its stored path leaving the store.
        case leaving
    }

    /// A session the store ended, and what its leaving asks of the caller.
    struct Ended: Sendable {
        let session: Session
        let leave: Session.StateMachine.Leave
    }

    /// What a cookie lookup found.
    struct Lookup: Sendable {
        /// The session the cookie names, touched (and promoted if it was new): live, or arriving.
        var session: Session?
        /// The session is arriving (not in memory yet): a request rebuilds it, or waits for that.
        var isArriving = false
        /// The cookie names a session that ended and is leaving the store: start a new one.
        var isLeaving = false
        /// Sessions that ended on the way (expired, or evicted by the promotion): perform their
        /// leaving.
        var ended: [Ended] = []
    }

    private struct Pools {
        var new: [SessionID: Session] = [:]
        var returning: [SessionID: Session] = [:]
        var arriving: [SessionID: Session] = [:]
        var leaving: [SessionID: Session] = [:]
        /// The new and returning sessions by the hash of their digest in the click path store
        /// (``ClickPathStore/sessionDigest(of:)``, ``Session/digestHash``): the changes other
        /// processes report name them so.
        var byDigest: [Int: Session] = [:]
        var counts = SessionCounts()

        subscript(pool: Pool) -> [SessionID: Session] {
            get {
                switch pool {
                case .new: new
                case .returning: returning
                case .arriving: arriving
                case .leaving: leaving
                }
            }
            _modify {
                switch pool {
                case .new: yield &new
                case .returning: yield &returning
                case .arriving: yield &arriving
                case .leaving: yield &leaving
                }
            }
        }

        private static func isLive(_ pool: Pool) -> Bool { pool == .new || pool == .returning }

        /// The session listed under `id` in new or returning.
        func live(_ id: SessionID) -> Session? { new[id] ?? returning[id] }

        /// Moves `session` by `event` and files it where its phase now says.
        mutating func transition<Action: Sendable>(
            _ session: Session, _ event: (inout Session.StateMachine) -> Action
        ) -> (action: Action, from: Pool?, to: Pool?) {
            let (action, from, to) = session.move(event)
            if from != to {
                if let from, self[from][session.id] === session { self[from][session.id] = nil }
                if let to { self[to][session.id] = session }
                switch (from.map(Self.isLive) ?? false, to.map(Self.isLive) ?? false) {
                case (false, true): byDigest[session.digestHash] = session
                case (true, false) where byDigest[session.digestHash] === session: byDigest[session.digestHash] = nil
                default: break
                }
            }
            return (action, from, to)
        }

        /// Ends the least recently used sessions of `pool` beyond `bound`, counted in `evictedCount`.
        mutating func evict(
            from pool: Pool, bound: Int, evictedCount: WritableKeyPath<SessionCounts, Int>
        ) -> [Ended] {
            var ended: [Ended] = []
            while self[pool].count > bound, let oldest = self[pool].values.min(by: { $0.lastUsed < $1.lastUsed }) {
                ended.append(Ended(session: oldest, leave: transition(oldest) { $0.end() }.action))
            }
            counts[keyPath: evictedCount] += ended.count
            return ended
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

    /// Moves `session` by `event` (one that may change its phase) and files it anew; a session that
    /// enters the new or returning pool can push out that pool's least recently used ones, which
    /// end (returned in `evicted`). Counts the sessions that start, are promoted or restored.
    func transition<Action: Sendable>(
        _ session: Session, _ event: (inout Session.StateMachine) -> Action
    ) -> (action: Action, evicted: [Ended]) {
        pools.withLock { pools in
            let (action, from, to) = pools.transition(session, event)
            switch (from, to) {
            case (nil, .new?):
                pools.counts.started += 1
                return (action, pools.evict(from: .new, bound: maxNew, evictedCount: \.evictedNew))
            case (.new?, .returning?):
                pools.counts.promoted += 1
            case (.arriving?, .returning?):
                pools.counts.restored += 1
            default:
                return (action, [])
            }
            return (action, pools.evict(from: .returning, bound: maxReturning, evictedCount: \.evictedReturning))
        }
    }

    /// How many sessions live, new and returning.
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

    /// The session named in a cookie value, touched; a new session that comes back is promoted to
    /// the returning pool. Nil when the value is malformed, unknown or names a session idle past
    /// the timeout (which then ends: its leaving is in `ended`).
    func session(forCookie value: String?, now: ContinuousClock.Instant) -> Lookup {
        guard let value, let id = SessionID(value) else { return Lookup() }
        return pools.withLock { pools in
            guard let session = pools.live(id) else {
                let arriving = pools.arriving[id]
                return Lookup(session: arriving, isArriving: arriving != nil, isLeaving: pools.leaving[id] != nil)
            }
            guard now - session.lastUsed < idleTimeout else {
                let leave = pools.transition(session) { $0.end() }.action
                pools.counts.expired += 1
                return Lookup(isLeaving: true, ended: [Ended(session: session, leave: leave)])
            }
            session.touch(now)
            guard pools.new[id] != nil else { return Lookup(session: session) }
            _ = pools.transition(session) { $0.cameBack() }
            pools.counts.promoted += 1
            let evicted = pools.evict(from: .returning, bound: maxReturning, evictedCount: \.evictedReturning)
            return Lookup(session: session, ended: evicted)
        }
    }

    /// The session a valid cookie names that is not in memory (it hibernated, or the server
    /// restarted): a new ``Session``, hibernated, filed as arriving so that every request naming
    /// it meanwhile waits for the one rebuild in its queue. Nil when the session is leaving.
    func returningSession(_ id: SessionID, digest: String, now: ContinuousClock.Instant) -> Session? {
        pools.withLock { pools in
            if let listed = pools.live(id) ?? pools.arriving[id] { return listed }
            guard pools.leaving[id] == nil else { return nil }
            let session = Session(id: id, digest: digest, machine: .hibernated(now: now))
            pools.arriving[id] = session
            return session
        }
    }

    /// Ends the sessions idle past the timeout and returns them, with what their leaving asks.
    func removeIdle(now: ContinuousClock.Instant) -> [Ended] {
        pools.withLock { pools in
            let idle = (Array(pools.new.values) + Array(pools.returning.values)).filter {
                now - $0.lastUsed >= idleTimeout
            }
            pools.counts.expired += idle.count
            return idle.map { Ended(session: $0, leave: pools.transition($0) { $0.end() }.action) }
        }
    }

    /// The stored paths of these ended sessions are gone: they stop being told apart from unknown
    /// sessions.
    func forgotten(_ sessions: some Sequence<Session>) {
        pools.withLock { pools in
            for session in sessions { _ = pools.transition(session) { $0.forgotten() } }
        }
    }

    /// Lets `session` leave memory, unused for at least `interval` and its `pathCount` entries all
    /// stored (``SessionStateMachine/hibernate(pathCount:unusedFor:now:)``): what its leaving asks,
    /// or nil when it stays.
    func hibernate(
        _ session: Session, pathCount: Int, unusedFor interval: Duration, now: ContinuousClock.Instant
    ) -> Session.StateMachine.Leave? {
        pools.withLock { pools in
            let leave = pools.transition(session) { $0.hibernate(pathCount: pathCount, unusedFor: interval, now: now) }
            if leave.action != nil { pools.counts.hibernated += 1 }
            return leave.action
        }
    }

    /// Counts a live session rebuilt from the store because another process changed it.
    func countReload() {
        pools.withLock { $0.counts.reloaded += 1 }
    }

    /// The live session `id`, untouched.
    func listed(_ id: SessionID) -> Session? {
        pools.withLock { $0.live(id) }
    }

    /// The live session whose digest in the click path store hashes as `digest` does: the caller
    /// checks that its digest is `digest` (two digests may hash alike).
    func listed(digest: String) -> Session? {
        pools.withLock { $0.byDigest[digest.hashValue] }
    }

    /// The ids of every live session.
    var ids: Set<String> {
        pools.withLock { pools in Set((Array(pools.new.keys) + Array(pools.returning.keys)).map(\.description)) }
    }

    /// Every live session.
    var all: [Session] { pools.withLock { Array($0.new.values) + Array($0.returning.values) } }

    /// The live sessions unused for at least `interval`.
    func sessions(unusedFor interval: Duration, now: ContinuousClock.Instant) -> [Session] {
        all.filter { now - $0.lastUsed >= interval }
    }

    /// Lets go of every live session (the server stops): what their leaving asks.
    func stopAll() -> [Session.StateMachine.Leave] {
        pools.withLock { pools in
            (Array(pools.new.values) + Array(pools.returning.values)).compactMap {
                pools.transition($0) { $0.stop() }.action
            }
        }
    }
}
