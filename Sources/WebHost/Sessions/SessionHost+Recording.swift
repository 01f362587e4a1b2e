import FlowHostApp
import HTMLPresenter

/// The only code that writes what sessions did to the click path store: it alone reads and moves
/// ``SessionLife/storedEntries``.
extension SessionHost {
    /// Appends what `path` (the session's click path now) gained since the last append; a failure
    /// is logged and the session stops being stored (it lives on, but would not survive a restart).
    func record(_ path: ClickPath, of session: Session) async {
        guard case .append(let start) = session.changeLife({ $0.recorded(pathCount: path.entries.count) }) else {
            return
        }
        do {
            try await paths.append(Array(path.entries[start...]), toSession: session.id.description, at: start)
        } catch {
            logger.warning(
                "click path store: \(error); this session will not survive a restart",
                metadata: ["session": "\(session.id.short)"])
            session.changeLife { $0.appendFailed() }
        }
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
