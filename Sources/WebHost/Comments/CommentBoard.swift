import FlowHostApp
import Foundation
import Logging
import Synchronization

/// What the host knows of comments between requests: the comments as last read from the store
/// (pages are rendered from it, off the store, and it is read again when this process or another
/// writes one), how many each session wrote in the last minute (the rate bound), and the notices
/// that log a bound once.
final class CommentBoard: Sendable {
    /// The comments as last read, the oldest first, none marked authored.
    private let known = Mutex<[ScreenComment]>([])
    /// When each session wrote its comments and replies in the last minute.
    private let writes = Mutex<[SessionID: [ContinuousClock.Instant]]>([:])
    /// At most this many a session writes in a minute.
    let perMinute: Int
    /// Logged when a session writes faster than ``perMinute``.
    let rateReached: LimitNotice
    /// Logged when the store refuses a comment for its bound.
    let storeFull: LimitNotice

    init(perMinute: Int, logInterval: Duration) {
        self.perMinute = perMinute
        rateReached = LimitNotice(
            "comments: a session wrote more than \(perMinute) comments or replies in a minute; more were refused",
            interval: logInterval)
        storeFull = LimitNotice(
            "comments: the store holds as many comments as it may (--max-comments); new ones are refused",
            interval: logInterval)
    }

    /// The comments as last read.
    var all: [ScreenComment] { known.withLock { $0 } }

    /// Keeps `comments` as the ones known; returns the storyboard screens whose pages show other
    /// comments now (``screensShowingChanges(from:to:)``).
    func replace(with comments: [ScreenComment]) -> Set<String> {
        known.withLock { known in
            defer { known = comments }
            return Self.screensShowingChanges(from: known, to: comments)
        }
    }

    /// Applies `change` to the comments known (what this process just stored); returns the
    /// storyboard screens whose pages show other comments now.
    func update(_ change: (inout [ScreenComment]) -> Void) -> Set<String> {
        known.withLock { known in
            let before = known
            change(&known)
            return Self.screensShowingChanges(from: before, to: known)
        }
    }

    /// The storyboard screens whose pages show something else with `after` than with `before`: a
    /// page shows the open comments of its screen, in order (their numbers), so a screen whose open
    /// comments are the same is left alone; resolving one, or a reply, changes its screen's.
    static func screensShowingChanges(from before: [ScreenComment], to after: [ScreenComment]) -> Set<String> {
        guard before != after else { return [] }
        func openByScreen(_ comments: [ScreenComment]) -> [String: [ScreenComment]] {
            Dictionary(grouping: comments.filter { !$0.isResolved }, by: \.screen)
        }
        let (old, new) = (openByScreen(before), openByScreen(after))
        return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
    }

    /// Counts a write by `session` at `now` and says whether it is within the rate; one beyond is
    /// not counted. Sessions that wrote nothing for a minute are forgotten, so the table holds at
    /// most the sessions that wrote in the last minute.
    func admits(_ session: SessionID, now: ContinuousClock.Instant = .now) -> Bool {
        writes.withLock { writes in
            let minuteAgo = now - .seconds(60)
            if writes.count > 1000 { writes = writes.filter { $0.value.last.map { $0 > minuteAgo } ?? false } }
            var recent = writes[session, default: []].filter { $0 > minuteAgo }
            guard recent.count < perMinute else {
                writes[session] = recent
                return false
            }
            recent.append(now)
            writes[session] = recent
            return true
        }
    }
}
