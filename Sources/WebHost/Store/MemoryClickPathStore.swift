import HTMLPresenter
import Synchronization

/// A ``ClickPathStore`` in memory: nothing survives the process (`flowhost serve --store memory`).
public final class MemoryClickPathStore: ClickPathStore {
    private struct State {
        var sessions: [String: ClickPath] = [:]
        var shares: [String: ClickPath] = [:]
    }

    private let state = Mutex(State())

    /// An empty store.
    public init() {}

    /// The session's path, if stored.
    public func path(ofSession session: String) async throws -> ClickPath? {
        state.withLock { $0.sessions[session] }
    }

    /// Appends, when `start` is the stored count; else changes nothing.
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        state.withLock { state in
            var path = state.sessions[session] ?? ClickPath()
            guard path.entries.count == start else { return }
            path.entries += entries
            state.sessions[session] = path
        }
    }

    /// Forgets the sessions.
    public func removeSessions(_ sessions: [String]) async throws {
        state.withLock { state in
            for session in sessions { state.sessions[session] = nil }
        }
    }

    /// Keeps a shared path.
    public func share(_ path: ClickPath, id: String) async throws {
        state.withLock { $0.shares[id] = path }
    }

    /// A shared path, if kept.
    public func sharedPath(id: String) async throws -> ClickPath? {
        state.withLock { $0.shares[id] }
    }
}
