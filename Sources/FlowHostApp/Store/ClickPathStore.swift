import Foundation
import HTMLPresenter
import ServiceLifecycle

/// Where click paths outlive the server process: each session's path under its session id, and
/// shared paths under their share id. The session code only talks to this protocol, so an
/// embedded store (SQLite, the default), none (memory) and a store shared by several server
/// processes (PostgreSQL) are interchangeable.
///
/// Writes are appends: a session's path only grows while it lives, and is removed when it ends. A
/// session opened from a share link refers to the share instead of copying it: its path is the
/// shared path followed by what it appended itself (``startSession(_:fromShare:)``).
///
/// Identifiers are the cookie's session id and the link's share id as they are: a store that
/// keeps them at rest keeps their SHA-256 instead (a copy of the store is no set of cookies or
/// links), and keeps the values of secret fields (`FormFields/Field/isSecret`) encrypted.
///
/// Several server processes may share one store (PostgreSQL): they sign action tokens with its
/// ``tokenKey()``, and learn from ``changes()`` what the others did to the sessions they hold.
///
/// ## The rules every store keeps
///
/// Stated here, and each checked on every store by one test of `ClickPathStoreTests` (the suite is
/// the specification: a new store is added to its list of stores and must pass all of it). What is
/// a plain value is code every store calls (``ClickPathStoreLimits``, a share's status,
/// `HTMLPresenter/ClickPath/Entry/secretValuesLeftOut`, the idle cutoff of
/// ``removeSessions(unusedFor:keeping:)``); what must hold against other writers each store
/// keeps in the transaction or statement that writes.
///
/// - **Append from the end**: an append starts where the stored path ends, else it throws
///   ``ClickPathStoreError/startMismatch(session:start:stored:)`` and stores nothing (the entry
///   index guard of several processes). Then the **path bound**
///   (``ClickPathStoreLimits/maxEntriesPerSession``). Both in ``ClickPathStoreLimits/refusal(appending:toSession:at:stored:)``.
/// - **Retry**: an append that repeats the session's last one exactly (the same entries, secret
///   values compared decrypted, ending where the stored path ends) succeeds and changes nothing
///   (``ClickPathStoreLimits/isRetry(of:storedTail:)``).
/// - **Recency**: an append, an empty one too, and a start from a share mark the session used now.
/// - **Least recently used**: a new session beyond ``ClickPathStoreLimits/maxSessions`` removes the
///   least recently used one, with its path.
/// - **Idle removal**: ``removeSessions(usedBefore:keeping:)`` removes the sessions last used
///   before the cutoff, to the sub-second, except those kept.
/// - **Share bound**: at most ``ClickPathStoreLimits/maxShares`` shares; sharing again under an id
///   replaces that share and needs no room.
/// - **Share sweep**: ``removeExpiredShares()`` removes expired shares no session refers to, and
///   forgets the path of revoked ones no session refers to.
/// - **Figures**: ``sessionPaths(usedSince:limit:)`` gives every entry as stored, duplicates
///   included, with secret values left empty; ``testersForFigures(ofStudy:)`` gives the testers as
///   ``testers(ofStudy:)`` does, with secret values left empty.
/// - **Studies**: at most ``ClickPathStoreLimits/maxStudies`` studies; a study added under a taken
///   id changes nothing; a study saved again keeps its testers; a tester starts only from an open link,
///   and at most ``ClickPathStoreLimits/maxTestersPerStudy`` per study (starting again under a
///   session needs no room); events append from the end, at most
///   ``ClickPathStoreLimits/maxEventsPerTester`` a tester; a tester's path copy outlives their
///   session (idle removal, least recently used, its removal).
/// - **Comments**: a comment or reply the limits refuse (``ClickPathStoreLimits/refusal(commentBy:text:)``)
///   or pinned off the screen is refused; at most ``ClickPathStoreLimits/maxComments`` comments
///   and ``ClickPathStoreLimits/maxRepliesPerComment`` replies each; only the author's session or
///   the owner deletes one; comments outlive sessions, and the store.
/// - **Unreachable**: a store that cannot be reached (its database down, its file locked by
///   another process past its patience, closed) throws ``ClickPathStoreError/unavailable(reason:)``
///   and stores nothing. The memory store is never unreachable. One exception, PostgreSQL's: a
///   statement that reached the server before the patience ran out may still commit; the same
///   append made again then succeeds (**Retry**), and another one learns of it
///   (``ClickPathStoreError/startMismatch(session:start:stored:)``).
///
/// ## Opening, running, closing
///
/// A store is opened by its type (``OpenableClickPathStore/open(named:limits:environment:logger:)``
/// for `--store`, or its own initializer), which reads or makes what it needs and fails then, before
/// anything is served. It is a `Service`: WebHost's `FlowHostServer` runs it in its service group, first, so
/// that it stops last, once every request and session task has ended; ``whileRunning(_:)`` runs it
/// for code without a server. `run()` holds what the store needs while it serves (connections,
/// the listener of other processes' changes) and closes it all when it returns, at graceful
/// shutdown or cancellation. A store runs once; calls may wait until it runs.
public protocol ClickPathStore: Service {
    // MARK: - Sessions

    /// The stored path of the session `session`, or nil when the store has none. For a session
    /// opened from a share link: the shared entries, then the session's own.
    func path(ofSession session: String) async throws -> ClickPath?

    /// The paths of the sessions the store holds that were used at or after `since` (all when nil),
    /// the most recently used first, at most `limit` of them.
    ///
    /// Each path is as ``path(ofSession:)`` gives it (for a session opened from a share: the shared
    /// entries, then its own), except that the values of secret fields come back empty
    /// (`HTMLPresenter/ClickPath/Entry/secretValuesLeftOut`): these paths are for figures, which need
    /// none, and a store at rest decrypts nothing for them.
    func sessionPaths(usedSince since: Date?, limit: Int) async throws -> [ClickPath]

    /// Appends `entries` to the session's path, the first of them at index `start` (the number of
    /// entries of its path before: for a session opened from a share, the shared ones count),
    /// creating the session when `start` is 0. Marks the session used now.
    /// - Throws: what ``ClickPathStoreLimits/refusal(appending:toSession:at:stored:)`` says, with
    ///   nothing stored.
    func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws

    /// Starts the session `session` from the share `id`: its path is the shared path, which it
    /// refers to (nothing is copied), and its first append comes at that path's length. Marks it
    /// used now.
    /// - Throws: ``ClickPathStoreError/shareNotOpen(share:)`` when the share is not open (gone,
    ///   expired or revoked); nothing is stored.
    func startSession(_ session: String, fromShare id: String) async throws

    /// Forgets the sessions `sessions` and their paths (they ended: logged out, idle, evicted).
    func removeSessions(_ sessions: [String]) async throws

    /// Forgets the sessions whose last use (an append, an empty one too, or a start from a share)
    /// is before `cutoff`, except those in `keeping` (live in memory); returns how many.
    /// ``removeSessions(unusedFor:keeping:)`` says when the cutoff is.
    func removeSessions(usedBefore cutoff: Date, keeping: Set<String>) async throws -> Int

    // MARK: - Shares

    /// Keeps `path` under the share id `id` until `expires`, as shared by the session `session`
    /// (the one that may revoke it).
    /// - Throws: ``ClickPathStoreError/tooManyShares(limit:)`` when the store holds as many
    ///   shares as it may; nothing is stored.
    func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws

    /// The share `id` as the session `session` sees it (nil for a request without one), or nil
    /// when the store has no such share.
    func share(id: String, askedBy session: String?) async throws -> SharedPath?

    /// Revokes the share `id` when the session `session` shared it: it no longer opens (the
    /// sessions already opened from it keep their path). Returns false, changing nothing, when
    /// there is no such share or another session shared it.
    func revokeShare(id: String, bySession session: String) async throws -> Bool

    /// The sweep of shares: removes those expired that no session refers to any more, forgets the
    /// path of those revoked that no session refers to (the share then only says it was revoked,
    /// until it expires); returns how many shares were removed.
    func removeExpiredShares() async throws -> Int

    // MARK: - Studies

    /// Keeps `study` under `id`, its link `link` opening it for testers until `expires`: a new
    /// study, or one imported again (what it asks replaced, its testers kept). Saved again with the
    /// same link, the link keeps its expiry and revocation (a server that starts again imports its
    /// study files again); with another link, that link opens until `expires`.
    /// - Throws: ``StudyRecordError/tooManyStudies(limit:)`` for a new id past
    ///   ``ClickPathStoreLimits/maxStudies``; nothing is stored.
    func saveStudy(_ study: Study, id: String, link: String, expires: Date) async throws

    /// Keeps `study` under `id` only when no study has that id, its link `link` opening until
    /// `expires`: returns false, storing nothing, when one has (two owners making a study of one
    /// title at once get two ids, never one study replacing the other).
    /// - Throws: ``StudyRecordError/tooManyStudies(limit:)`` past ``ClickPathStoreLimits/maxStudies``;
    ///   nothing is stored.
    func addStudy(_ study: Study, id: String, link: String, expires: Date) async throws -> Bool

    /// Every study the store keeps, by id.
    func studies() async throws -> [StoredStudy]

    /// The study `id`, or nil when the store has none.
    func study(id: String) async throws -> StoredStudy?

    /// The study whose link is `link`, or nil when no study has it.
    func study(link: String) async throws -> StoredStudy?

    /// Revokes the link of the study `id`: it no longer opens (its testers and results stay).
    /// Returns false, changing nothing, when there is no such study.
    func revokeStudyLink(ofStudy id: String) async throws -> Bool

    /// Makes the session `session` a tester of the study whose link is `link`, with no events and
    /// an empty path yet (starting again under the same session starts over), and returns the study.
    /// - Throws: ``StudyRecordError/noSuchStudyLink``, ``StudyRecordError/studyLinkExpired`` or
    ///   ``StudyRecordError/studyLinkRevoked`` when the link does not open, ``StudyRecordError/tooManyTesters(study:limit:)`` past
    ///   ``ClickPathStoreLimits/maxTestersPerStudy``; nothing is stored.
    func startTester(_ session: String, fromStudyLink link: String) async throws -> StoredStudy

    /// Appends `events` to the tester `session`'s, the first at index `start` (the number stored
    /// before), and when `path` is given, keeps it as the tester's copy of their click path, with
    /// `labels`, the label of each of its entries (``StudyTester/labels``).
    /// - Throws: what ``ClickPathStoreLimits/refusal(recording:ofTester:at:stored:)`` says, with
    ///   nothing stored.
    func record(
        _ events: [StudyEvent], ofTester session: String, at start: Int, path: ClickPath?, labels: [String?]
    ) async throws

    /// The testers of the study `id`, in the order they started (none for an unknown study).
    func testers(ofStudy id: String) async throws -> [StudyTester]

    /// The testers of the study `id` as ``testers(ofStudy:)`` gives them, except that the values of
    /// secret fields in their path copies come back empty
    /// (`HTMLPresenter/ClickPath/Entry/secretValuesLeftOut`): what a study's results fold, which
    /// show no typed value, so a store at rest decrypts nothing for them and reads them in the
    /// cheapest way it has.
    func testersForFigures(ofStudy id: String) async throws -> [StudyTester]

    /// The tester at `index` among the study `id`'s, in the order ``testers(ofStudy:)`` gives them,
    /// read alone (what *Open at this state* replays: one tester, not the study's thousands); nil
    /// past the last tester, for a negative index or an unknown study.
    func tester(ofStudy id: String, at index: Int) async throws -> StudyTester?

    /// The study (its id) whose tester the session `session` is, with the tester as
    /// ``testers(ofStudy:)`` gives them; nil when the session is none. A session rebuilt from the
    /// store (after a restart, on another process, out of hibernation) goes on with its study by it.
    func tester(session: String) async throws -> (study: String, tester: StudyTester)?

    // MARK: - Comments

    /// Keeps `comment` (its `isAuthor` aside), written by the session `session`, the one that may
    /// delete it besides the owner.
    /// - Throws: ``ClickPathStoreError/commentRefused(reason:)`` for a comment
    ///   ``ClickPathStoreLimits/refusal(commentBy:text:)`` refuses or a point off the screen,
    ///   ``ClickPathStoreError/tooManyComments(limit:)`` when the store holds as many comments as it
    ///   may; nothing is stored.
    func addComment(_ comment: ScreenComment, bySession session: String) async throws

    /// Every comment, the oldest first, each as the session `session` sees it (its `isAuthor`; nil
    /// for a request without one).
    func comments(askedBy session: String?) async throws -> [ScreenComment]

    /// Appends `reply` to the thread of the comment `id`; false, storing nothing, when there is no
    /// such comment.
    /// - Throws: ``ClickPathStoreError/commentRefused(reason:)`` for a reply the limits refuse,
    ///   ``ClickPathStoreError/tooManyReplies(comment:limit:)`` for a thread that is full; nothing
    ///   is stored.
    func reply(_ reply: ScreenComment.Reply, toComment id: String) async throws -> Bool

    /// Marks the thread of the comment `id` resolved, or open again; false when there is none.
    func resolveComment(id: String, resolved: Bool) async throws -> Bool

    /// Deletes the comment `id` with its thread when the session `session` wrote it, or whoever
    /// asks when `session` is nil (the owner, from the inspector). False, changing nothing, when
    /// there is no such comment or another session wrote it.
    func removeComment(id: String, bySession session: String?) async throws -> Bool

    /// Sets the reach of the comments named in `reaches` (a replay of their paths on this build);
    /// ids of comments the store no longer has are passed over.
    func markComments(_ reaches: [String: ScreenComment.Reach]) async throws

    // MARK: - Processes

    /// The 32-byte key that signs action tokens: every process sharing the store reads the same
    /// key, so a token one process issued is checked by another. Created on first use, then kept.
    func tokenKey() async throws -> [UInt8]

    /// What the store keeps in place of the session id `session`, the name a ``ClickPathChange``
    /// gives it: a process matches changes to its live sessions by it, and the store need not
    /// keep cleartext ids.
    func sessionDigest(of session: String) -> String

    /// A new stream of the changes other processes make to stored sessions and comments from the moment it
    /// returns (each call starts its own; it may wait until the store runs and hears them). The
    /// default, for a store that one process alone writes, yields nothing and ends.
    func changes() async throws -> AsyncStream<ClickPathChange>
}

extension ClickPathStore {
    /// Nothing: no other process writes this store.
    public func changes() async throws -> AsyncStream<ClickPathChange> {
        AsyncStream { $0.finish() }
    }

    /// Forgets the sessions whose last use is longer ago than `interval` (to the sub-second),
    /// except those in `keeping` (live in memory); returns how many. Sessions that left memory
    /// (hibernated, or the server restarted) end this way.
    public func removeSessions(unusedFor interval: Duration, keeping: Set<String>) async throws -> Int {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        return try await removeSessions(usedBefore: Date.now.addingTimeInterval(-seconds), keeping: keeping)
    }

    /// Runs the store while `body` runs, then stops it: for code that uses a store without a
    /// server (a test, a command that reads the store and ends).
    /// - Throws: the error of `body`, else the store's own if it failed to run.
    public func whileRunning<Value>(_ body: (Self) async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.run() }
            let value: Value
            do {
                value = try await body(self)
            } catch {
                group.cancelAll()
                try? await group.waitForAll()
                throw error
            }
            group.cancelAll()
            try await group.waitForAll()
            return value
        }
    }
}
