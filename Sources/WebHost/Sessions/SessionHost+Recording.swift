import FlowHostApp
import HTMLPresenter

/// The only code that writes what sessions did to the click path store: it alone reads and moves
/// ``SessionLife/storedEntries``.
extension SessionHost {
    /// What became of a change's entries.
    enum Recorded: Sendable {
        /// Stored, or nothing to store (or the session is no longer recorded).
        case stored
        /// Another process appended to the session first (the entry index guard): the change is
        /// not stored, and this copy of the session is behind the store.
        case overtaken
        /// The store cannot be reached: nothing was stored; it holds `stored` entries of the path.
        case unavailable(stored: Int)
    }

    /// Appends what `path` (the session's click path now) gained since the last append. Another
    /// process's append first, or a store that cannot be reached, is for the caller to answer;
    /// any other failure is logged and the session stops being stored (it lives on, but would not
    /// survive a restart).
    func record(_ path: ClickPath, of session: Session) async -> Recorded {
        guard case .append(let start) = session.changeLife({ $0.recorded(pathCount: path.entries.count) }) else {
            return .stored
        }
        do {
            try await paths.append(Array(path.entries[start...]), toSession: session.id.description, at: start)
            session.markStored(.now)
            storeAnswered()
            return .stored
        } catch ClickPathStoreError.startMismatch(_, _, .some) {
            return .overtaken
        } catch ClickPathStoreError.unavailable(let reason) {
            session.changeLife { $0.appendUndone(storedEntries: start) }
            storeIsUnavailable(reason)
            return .unavailable(stored: start)
        } catch {
            logger.warning(
                "click path store: \(error); this session will not survive a restart",
                metadata: ["session": "\(session.id.short)"])
            session.changeLife { $0.appendFailed() }
            return .stored
        }
    }

    /// Marks used in the store the live sessions that requests used since the store last marked
    /// them, when that is half the store's idle time ago: another process's sweep
    /// (``ClickPathStore/removeSessions(unusedFor:keeping:)``) keeps only the sessions live in
    /// its own memory, and would end one that people only read pages of here. An empty append at
    /// the stored length marks it: at most one write a session per half idle time, none for a
    /// session that clicks (its appends mark it). The entry index guard holds: when another process
    /// appended first, that process's append marked it.
    func keepReadSessionsStored(now: ContinuousClock.Instant) async {
        let idle = configuration.idleTimeout - min(configuration.hibernateAfter, configuration.idleTimeout)
        for session in store.all where session.lastUsed > session.lastStored && now - session.lastStored > idle / 2 {
            guard let stored = session.life.storedEntries, stored > 0 else { continue }
            do {
                try await paths.append([], toSession: session.id.description, at: stored)
                session.markStored(now)
            } catch ClickPathStoreError.unavailable(let reason) {
                storeIsUnavailable(reason)
                return
            } catch {
                // Another process appended first (it marked the session), or the session is gone.
                continue
            }
        }
    }

    /// The store could not be reached: logged once, until it answers again.
    func storeIsUnavailable(_ reason: String) {
        guard !storeIsDown.withLock({ isDown in exchange(&isDown, with: true) }) else { return }
        logger.error(
            "click path store unavailable (\(reason)): pages in memory are served, actions answer 503 until it is back")
    }

    /// The store answered: logged once when it was unavailable before.
    func storeAnswered() {
        guard storeIsDown.withLock({ isDown in exchange(&isDown, with: false) }) else { return }
        logger.notice("click path store reachable again: actions are taken again")
    }

    /// Tells the store that `session` starts from the share `id`, when its replay fit whole (the
    /// shared entries then count as stored); else the part that fit is stored as the session's own
    /// path with its first change.
    func storeStart(of session: Session, fromShare id: String, replay: SessionScene.Replay) async {
        guard replay.stoppedBecause == nil else { return }
        do {
            try await paths.startSession(session.id.description, fromShare: id)
            session.changeLife { $0.startedFromPath(alreadyStored: replay.replayed) }
        } catch {
            logger.warning(
                "click path store: \(error); this session will not survive a restart",
                metadata: ["session": "\(session.id.short)"])
            session.changeLife { $0.appendFailed() }
        }
    }

    /// Removes the session's stored path: it is longer than the session now is (a replay stopped
    /// early, "Back to here"); the next ``record(_:of:)`` stores it anew from the first entry.
    func forgetStoredPath(of session: Session) async {
        do {
            try await paths.removeSessions([session.id.description])
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
        }
    }
}
