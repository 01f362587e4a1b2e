/// Why a session's screen was not shared. Nothing was stored.
enum ShareRefusal: Error, Sendable, Equatable {
    /// The session's click path reached this many entries: it no longer says how to get to the
    /// screen.
    case pathFull(Int)
    /// The store holds this many shares, as many as it may.
    case storeFull(Int)
    /// The store failed (logged).
    case storeFailed
}
