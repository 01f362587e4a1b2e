import Foundation
import HTMLPresenter

/// Share links, by id: each with its path, its sharer, when it expires and whether it was revoked;
/// sessions started from one name it.
extension MemoryClickPathStore {
    /// Keeps `path` under the share id `id` until `expires`, replacing what was shared under it.
    public func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws {
        try state.withLock { state in
            guard state.shares[id] != nil || state.shares.count < limits.maxShares else {
                throw ClickPathStoreError.tooManyShares(limit: limits.maxShares)
            }
            state.shares[id] = StoredShare(path: path, sharer: session, expires: expires)
        }
    }

    /// The share `id` as `session` sees it, or nil.
    public func share(id: String, askedBy session: String?) async throws -> SharedPath? {
        state.withLock { state in
            state.shares[id].map { share in
                SharedPath(
                    path: share.path, expires: share.expires,
                    status: SharedPath.status(revoked: share.revoked, expires: share.expires, now: .now),
                    isSharer: session == share.sharer)
            }
        }
    }

    /// Revokes the share `id` if `session` shared it.
    public func revokeShare(id: String, bySession session: String) async throws -> Bool {
        state.withLock { state in
            guard state.shares[id]?.sharer == session else { return false }
            state.shares[id]?.revoked = true
            return true
        }
    }

    /// Removes the expired shares no session refers to, and forgets the paths of revoked ones no
    /// session refers to; returns how many were removed.
    public func removeExpiredShares() async throws -> Int {
        state.withLock { state in
            let referred = state.referredShares
            let now = Date.now
            var removed = 0
            for (id, share) in state.shares where !referred.contains(id) {
                if share.expires <= now {
                    state.shares[id] = nil
                    removed += 1
                } else if share.revoked {
                    state.shares[id]?.path = ClickPath()
                }
            }
            return removed
        }
    }
}
