/// The life of one session as a plain value: where the session is (live in memory, hibernated in
/// the click path store only, being rebuilt from it, ending) and how many entries of its click path
/// the store holds. Each event says what the owner must do; the value itself does no I/O, so every
/// transition is tested without a server (`SessionLifeTests`).
///
/// ```text
///   started ─► live ──hibernated()──► hibernated ──rebuild()──► rebuilding ──rebuilt(…)──► live
///               │                                                   │ (nothing stored)
///               └────────── end() ──► ending ──forgotten()──► ended ◄┘     stop(): ended, path kept
/// ```
///
/// Only the code that writes the store reads and moves ``storedEntries``: a scene knows its click
/// path, never what of it is stored.
struct SessionLife: Sendable, Equatable {
    /// Where the session is.
    enum State: Sendable, Equatable {
        /// In memory: a window, a coordinator, a click path.
        case live
        /// Out of memory; its click path is (presumably) stored and its next request rebuilds it.
        case hibernated
        /// Being rebuilt from its stored click path (requests wait their turn in its queue).
        case rebuilding
        /// Ended; its stored path is leaving the store, and the session is never rebuilt meanwhile.
        case ending
        /// Gone: ended, nothing stored to rebuild, or the server stopped.
        case ended
    }

    /// What the owner must do after a recorded change.
    enum StoreAction: Sendable, Equatable {
        /// Nothing is due.
        case none
        /// Append the click path's entries from index `start` (the store holds that many).
        case append(start: Int)
    }

    /// What the owner must do once a rebuild replayed the stored path.
    enum RebuildAction: Sendable, Equatable {
        /// Nothing: the store holds exactly the replayed path.
        case none
        /// The replay stopped early: the stored path is longer than the session now is. Remove it;
        /// the part that fitted is appended anew with the next change.
        case removeStoredPath
        /// Nothing was stored: the session is gone, start a new one.
        case discard
    }

    /// Where the session is now.
    private(set) var state: State
    /// How many entries of the click path the store holds; nil once an append failed (the session
    /// lives on, but would not survive a restart).
    private(set) var storedEntries: Int?

    /// A new session: live, nothing of it stored yet.
    static var started: SessionLife { SessionLife(state: .live, storedEntries: 0) }

    /// A session named by a cookie but not in memory (hibernated, or the server restarted): its
    /// stored path, if any, rebuilds it.
    static var hibernated: SessionLife { SessionLife(state: .hibernated, storedEntries: nil) }

    /// Whether requests can no longer use the session (it ends or ended).
    var isOver: Bool { state == .ending || state == .ended }

    // MARK: Rebuilding

    /// A request found the session hibernated: returns true when it must now rebuild it (the state
    /// becomes ``State/rebuilding``); false when the session is live already (an earlier request
    /// rebuilt it) or over.
    mutating func rebuild() -> Bool {
        guard state == .hibernated else { return false }
        state = .rebuilding
        return true
    }

    /// A rebuild is done: `stored` is the length of the path the store held (nil: none), `replayed`
    /// how many of its entries fit the app now. A path that fitted whole is not written again.
    mutating func rebuilt(stored: Int?, replayed: Int) -> RebuildAction {
        guard state == .rebuilding else { return .none }
        guard let stored, stored > 0 else {
            state = .ended
            return .discard
        }
        state = .live
        if replayed == stored {
            storedEntries = stored
            return .none
        }
        storedEntries = 0
        return .removeStoredPath
    }

    /// A new session started from a path that the store already holds for it (a share it refers
    /// to: `alreadyStored` entries), or from one it does not (0).
    mutating func startedFromPath(alreadyStored: Int) {
        state = .live
        storedEntries = alreadyStored
    }

    // MARK: Recording

    /// The session's click path now has `pathCount` entries: what to append.
    mutating func recorded(pathCount: Int) -> StoreAction {
        guard state == .live, let stored = storedEntries, pathCount > stored else { return .none }
        storedEntries = pathCount
        return .append(start: stored)
    }

    /// An append was refused because the store could not be reached, and the change undone: the
    /// store holds `storedEntries` entries, as before it.
    mutating func appendUndone(storedEntries stored: Int) {
        guard storedEntries != nil else { return }
        storedEntries = stored
    }

    /// Another process changed the stored path (`stored` entries) and the live session was rebuilt
    /// from it, `replayed` of them fitting: as ``rebuilt(stored:replayed:)``, for a live session.
    mutating func reloaded(stored: Int, replayed: Int) -> RebuildAction {
        guard state == .live else { return .none }
        if replayed == stored {
            storedEntries = stored
            return .none
        }
        storedEntries = 0
        return .removeStoredPath
    }

    /// An append failed: the session is no longer recorded.
    mutating func appendFailed() {
        storedEntries = nil
    }

    /// "Back to here" replaced the scene with a replay of a prefix of its path: the stored path is
    /// longer than the session now is, so it is removed and appended anew from the first entry.
    /// Returns false, changing nothing, unless the session is live.
    mutating func wentBack() -> Bool {
        guard state == .live else { return false }
        if storedEntries != nil { storedEntries = 0 }
        return true
    }

    // MARK: Leaving memory

    /// Whether the session may leave memory now: live, its whole path stored (`pathCount`
    /// entries), no page of it listening for live moves.
    func canHibernate(pathCount: Int, hasOpenStreams: Bool) -> Bool {
        state == .live && storedEntries == pathCount && !hasOpenStreams
    }

    /// The session left memory (its release follows).
    mutating func hibernated() {
        guard state == .live else { return }
        state = .hibernated
        storedEntries = nil
    }

    /// The session ends: returns true when its stored path must now be forgotten (false when it
    /// was over already).
    mutating func end() -> Bool {
        guard !isOver else { return false }
        state = .ending
        return true
    }

    /// Its stored path left the store.
    mutating func forgotten() {
        state = .ended
    }

    /// The server stops: the session leaves memory and its stored path stays for the next process.
    mutating func stop() {
        state = .ended
    }
}
