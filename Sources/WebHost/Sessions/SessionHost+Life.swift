import FlowHostApp

extension SessionHost {
    /// Ends `sessions` (idle, evicted): open pages move to `/`, the coordinator trees are released
    /// and their click paths leave the store. Until they have, a request naming one is told it
    /// ended (``SessionStore`` lists them as leaving).
    func close(_ sessions: [Session]) async {
        let forgetting = sessions.filter { $0.end() }
        await MainActor.run {
            for session in sessions { session.releaseScene() }
        }
        if !forgetting.isEmpty {
            do {
                try await paths.removeSessions(forgetting.map(\.id.description))
            } catch {
                logger.warning("click path store: \(error)")
            }
        }
        for session in forgetting { session.changeLife { $0.forgotten() } }
        store.forgotten(sessions.map(\.id))
    }

    /// The server stops, which is not ending: the click paths stay stored, so the sessions come
    /// back. Their open pages' streams end at once (so that the HTTP server can finish), then their
    /// windows are released on the main actor in batches, yielding between them (a few hundred
    /// microseconds a session); a cancelled stop leaves the rest to the process's exit.
    func stop(_ sessions: [Session]) async {
        for session in sessions { session.stop() }
        for start in stride(from: 0, to: sessions.count, by: 100) {
            guard !Task.isCancelled else { return }
            let batch = sessions[start..<min(start + 100, sessions.count)]
            await MainActor.run {
                for session in batch { session.releaseScene() }
            }
            await Task.yield()
        }
    }

    /// Lets the sessions unused for ``WebHostConfiguration/hibernateAfter`` leave memory, when their
    /// whole click path is stored and no page of theirs listens for live moves; returns how many.
    @discardableResult
    func hibernateUnusedSessions() async -> Int {
        let interval = configuration.hibernateAfter
        guard interval < configuration.idleTimeout else { return 0 }
        var count = 0
        for session in store.sessions(unusedFor: interval, now: .now) where !session.hasOpenStreams {
            // In the session's queue: no request of it is halfway through.
            let hibernated = try? await session.queue.run { () async -> Bool in
                let pathCount = await MainActor.run { session.scene?.clickPath.entries.count }
                guard let pathCount,
                    session.life.canHibernate(pathCount: pathCount, hasOpenStreams: session.hasOpenStreams),
                    // Its time in the store counts from now (an empty append marks it used).
                    (try? await paths.append([], toSession: session.id.description, at: pathCount)) != nil,
                    store.hibernate(session, unusedFor: interval, now: .now)
                else { return false }
                session.hibernate()
                await MainActor.run { session.releaseScene() }
                return true
            }
            if hibernated == true { count += 1 }
        }
        return count
    }

    /// Ends the sessions idle past the timeout, in memory and in the click path store (a session
    /// that hibernated was unused for ``WebHostConfiguration/hibernateAfter`` before it left
    /// memory, so it ends that much sooner there), then sweeps the expired shares no session
    /// refers to any more; returns how many sessions ended.
    @discardableResult
    func closeIdleSessions() async -> Int {
        let idle = store.removeIdle(now: .now)
        await close(idle)
        pruneDigests()
        let timeout = configuration.idleTimeout
        let stored = timeout - min(configuration.hibernateAfter, timeout)
        var ended = idle.count
        await keepReadSessionsStored(now: .now)
        do {
            ended += try await paths.removeSessions(unusedFor: stored, keeping: store.ids)
            let expired = try await paths.removeExpiredShares()
            if expired > 0 { logger.info("share links: \(expired) expired and removed") }
        } catch {
            logger.warning("click path store: \(error)")
        }
        return ended
    }
}
