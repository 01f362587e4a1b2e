import FlowHostApp
import HTMLPresenter

/// The only code that appends sessions' click paths to the store: a change's entries, a start from
/// a share, an empty append that marks a session used. (Ending sessions removes their paths:
/// `SessionHost+Life.swift`.) What its appends did moves the session's value (``SessionStateMachine/recorded(pathCount:)``,
/// ``SessionStateMachine/appendFailed()``, ``SessionStateMachine/markStored(_:)``); a rebuild, a
/// replaced scene and a catch-up tell the value what the store holds from what they read.
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
        guard let start = session.apply({ $0.recorded(pathCount: path.entries.count) }) else { return .stored }
        do {
            try await paths.append(Array(path.entries[start...]), toSession: session.id.description, at: start)
            session.apply { $0.markStored(.now) }
            storeAnswered()
            return .stored
        } catch ClickPathStoreError.startMismatch(_, _, .some) {
            return .overtaken
        } catch ClickPathStoreError.unavailable(let reason) {
            // The caller undoes the change (``SessionStateMachine/Replacement/undo(stored:)``).
            storeIsUnavailable(reason)
            return .unavailable(stored: start)
        } catch {
            logger.warning(
                "click path store: \(error); this session will not survive a restart",
                metadata: ["session": "\(session.id.short)"])
            session.apply { $0.appendFailed() }
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
        for session in store.all {
            let (lastUsed, lastStored, stored) = session.read { ($0.lastUsed, $0.lastStored, $0.storedPathLength) }
            guard let lastStored, lastUsed > lastStored, now - lastStored > idle / 2, let stored, stored > 0 else {
                continue
            }
            do {
                try await paths.append([], toSession: session.id.description, at: stored)
                session.apply { $0.markStored(now) }
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

    /// Tells the store that `session` starts from the share `id`, when its replay fit whole, and
    /// returns what the store then holds of its path: the shared entries; nothing when the replay
    /// stopped early (the part that fit is stored as the session's own path with its first change).
    func storeStart(
        of session: Session, fromShare id: String, replay: SessionScene.Replay?
    ) async -> Session.StateMachine.Stored {
        guard let replay, replay.stoppedBecause == nil else { return .entries(0) }
        do {
            try await paths.startSession(session.id.description, fromShare: id)
            return .entries(replay.replayed)
        } catch {
            logger.warning(
                "click path store: \(error); this session will not survive a restart",
                metadata: ["session": "\(session.id.short)"])
            return .notRecorded
        }
    }

    /// Marks the session, whose whole path of `pathCount` entries is stored, used in the store now
    /// (an empty append): its time there counts from now. False when the store did not take it.
    func markUsed(_ session: Session, pathCount: Int) async -> Bool {
        (try? await paths.append([], toSession: session.id.description, at: pathCount)) != nil
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
