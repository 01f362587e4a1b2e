import Foundation
import HTMLPresenter

/// A share link as a ``ClickPathStore`` has it, seen by one session.
public struct SharedPath: Sendable, Equatable {
    /// Whether the link opens.
    public enum Status: Sendable, Equatable {
        /// It opens: a new session replays its path.
        case open
        /// Its time ran out (`WebHostConfiguration/shareLifetime`).
        case expired
        /// The session that shared it revoked it.
        case revoked
    }

    /// The shared path; empty once the share is revoked and no session refers to it.
    public var path: ClickPath
    /// When it stops opening.
    public var expires: Date
    /// Whether it opens now.
    public var status: Status
    /// Whether the session that asked is the one that shared it (and may revoke it).
    public var isSharer: Bool

    /// A share as a store read it.
    public init(path: ClickPath, expires: Date, status: Status, isSharer: Bool) {
        self.path = path
        self.expires = expires
        self.status = status
        self.isSharer = isSharer
    }

    /// The status of a share that expires at `expires`, revoked or not, at `now`.
    package static func status(revoked: Bool, expires: Date, now: Date) -> Status {
        revoked ? .revoked : expires <= now ? .expired : .open
    }
}
