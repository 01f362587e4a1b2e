import FlowHostApp
import HTMLPresenter

/// One session in this process as a plain value, in the postgres-nio style (`ListenStateMachine`):
/// its phase, which holds what only that phase has; its open pages (``OpenPages``); when a request
/// last used it. Every event switches over every phase; one that asks something of the owner returns
/// it as an action (``SessionHost`` performs it: the store, the main actor, the pages to move), one
/// that only moves the value (``cameBack()``, ``tell(_:)``, ``markStored(_:)`` ...) returns nothing. The value does no
/// I/O, so every transition is tested without a server (`SessionStateMachineTests`). An event that
/// cannot happen in a phase (the session's queue or ``SessionStore``'s filing rules it out) is a
/// programming error: it stops the process, and the tests check that it does.
///
/// ```text
///  starting ──started──────────────────► live ◄──replaced── replacing ◄──replacing── live
///  hibernated ──admit──► rebuilding ──read, rebuilt──► live
///                              └──read: nothing stored, readFailed──► gone
///  live, replacing ──end──► ending ──forgotten──► gone
///  live ──hibernate──► gone          live, replacing ──stop──► gone
/// ```
///
/// The whole table (✗: impossible; `·`: ignored, the session left meanwhile):
///
/// ```text
///  event         starting  hibernated  rebuilding     live               replacing   ending     gone
///  started       → live    ✗           ✗              ✗                  ✗           ✗          ✗
///  admit         ✗         →rebuilding ✗              serve              ✗           refuse     refuse
///  read          ✗         ✗           replay|afresh  ✗                  ✗           ✗          ✗
///                                      |discard→gone
///  readFailed    ✗         ✗           → gone         ✗                  ✗           ✗          ✗
///  rebuilt       ✗         ✗           read: → live   ✗                  ✗           ✗          ✗
///  cameBack      ✗         ✗           ✗              returning          returning   ✗          ✗
///  change        ✗         ✗           ✗              scene              ✗           ended      ended
///  tell, notice  ✗         ✗           ✗              set / take         ✗           ·          ·
///  keep          ✗         ✗           ✗              pageBeforeLast     ✗           ·          ·
///  recorded      ✗         ✗           ✗              append?            ✗           ·          ·
///  appendFailed  ✗         ✗           ✗              not recorded       ✗           ·          ·
///  markStored    ✗         ✗           ✗              lastStored         lastStored  ·          ·
///  caughtUp      ✗         ✗           ✗              stored             ✗           ·          ·
///  checked       ✗         ✗           ✗              checked            ✗           ·          ·
///  replacing     ✗         ✗           ✗              → replacing        ✗           gone       gone
///  replaced      ✗         ✗           ✗              ✗                  → live      close new  close new
///  hibernate     ✗         ✗           ✗              → gone | stay      ✗           ·          ·
///  end           ✗         ✗           ✗              → ending           → ending    ✗          ✗
///  forgotten     ✗         ✗           ✗              ✗                  ✗           → gone     ✗
///  stop          ✗         ✗           ✗              → gone             → gone      ·          ·
/// ```
///
/// Generic over the scene so that its tests need no app; the host's is ``SessionScene``.
struct SessionStateMachine<Scene: AnyObject & Sendable>: Sendable {
    /// Where the session is; each phase holds what only it has.
    enum Phase: Sendable {
        /// New: its first scene is being made (or replayed from a share). Not listed yet.
        case starting
        /// A cookie named it but it is not in memory (it hibernated, or the server restarted): the
        /// store says whether a path rebuilds it. Listed, so that every request naming it waits for
        /// the one rebuild in its queue.
        case hibernated
        /// Its stored path is being read and replayed (requests wait their turn in its queue).
        case rebuilding(Rebuilding)
        /// In memory, with a scene.
        case live(Live)
        /// In memory; its scene is being replaced by a replay (undo, "Back to here", another
        /// process's change). Requests wait in its queue; its published page is still served.
        case replacing(Replacing)
        /// Ended: its stored path is leaving the store, and it is never rebuilt meanwhile.
        case ending
        /// This process is done with it: ended, nothing stored, hibernated, or let go (the server
        /// stops, another process removed it). A request naming it again finds what the store has.
        case gone
    }

    /// A rebuild under way.
    struct Rebuilding: Sendable, Equatable {
        /// With nothing stored, start afresh under the same id (an action token signed for an empty
        /// path shows that another process started the session) rather than discard it.
        var startsUnstored: Bool
        /// How many entries the store held, once read.
        var stored: Int?
    }

    /// What the store holds of a session's click path.
    enum Stored: Sendable, Equatable {
        /// Its first `n` entries.
        case entries(Int)
        /// Nothing that counts: an append failed, and the session lives on unrecorded (it would not
        /// survive a restart).
        case notRecorded
    }

    /// What a session in memory keeps whatever scene it shows.
    struct Memory: Sendable, Equatable {
        /// What the store holds of its path: moved by the appends (`SessionHost+Recording.swift`),
        /// by a rebuild, a replaced scene and a catch-up.
        var stored: Stored
        /// Whether it came back with its cookie (the returning pool) or made its first request only
        /// (the new pool).
        var isReturning: Bool
        /// When the store last marked it used (an append, or an empty one to keep it).
        var lastStored: ContinuousClock.Instant
        /// The longest path length a browser said it saw for which the store was read since: a GET
        /// claiming no more is not sent to the store again.
        var checkedPathLength = 0
        /// One line the next page shows (a replay that stopped early says where), then forgets.
        var notice: String?
    }

    /// A session in memory with its scene.
    struct Live: Sendable {
        /// The window, coordinator and click path.
        let scene: Scene
        /// The random tag of the scene's window in the action tokens it issues (``ActionToken/scene``).
        let tag: UInt16
        var memory: Memory
        /// The action positions, by capture position, of the page before the path's last entry,
        /// as ``SessionHost/isRetry(capturePosition:posted:after:of:)`` rebuilt it: of this scene only.
        var pageBeforeLast: PageBeforeLast?
    }

    /// The page before a path's last entry, as a replay found it.
    struct PageBeforeLast: Sendable, Equatable {
        /// The path length it was rebuilt for (the path's length less one).
        let pathLength: Int
        /// The action position of each capture position.
        let actions: [ActionPosition?]
    }

    /// A session whose scene is being replaced.
    struct Replacing: Sendable, Equatable {
        var memory: Memory
        /// Why, which says what the store holds afterwards.
        let reason: Replacement
    }

    /// Why a live session's scene is replaced by a replay.
    enum Replacement: Sendable, Equatable {
        /// "Back to here": a prefix of its path. The stored path, now longer than the session, is
        /// removed; the prefix is appended anew with the next change.
        case back
        /// The store could not take a change: the first `stored` entries (those stored) again.
        case undo(stored: Int)
        /// Another process changed the stored path, `stored` entries long: that path.
        case reload(stored: Int)
    }

    /// What a request whose turn came finds.
    enum Admission: Sendable, Equatable {
        /// The session is live: serve it.
        case serve
        /// It must be rebuilt first: read its stored path (``read(stored:)``).
        case rebuild
        /// It ended (or was never stored): start a new one.
        case refuse
    }

    /// What to do with the stored path just read.
    enum ReadAction: Sendable, Equatable {
        /// Replay it, then ``rebuilt(scene:tag:replayed:notice:now:)``.
        case replay
        /// Nothing is stored, but the session starts afresh: make a scene, then ``rebuilt(scene:tag:replayed:notice:now:)``.
        case startAfresh
        /// Nothing is stored: the session never was. Unlist it.
        case discard
    }

    /// What the store must do after a scene was rebuilt or replaced.
    enum StoreAction: Sendable, Equatable {
        /// Nothing: it holds what the session now is (or what the next append continues).
        case none
        /// The replay stopped early, so the stored path is longer than the session: remove it; the
        /// part that fitted is appended anew with the next change.
        case removeStoredPath
    }

    /// What a change about to run finds.
    enum Change: Sendable {
        /// The scene to change.
        case scene(Scene)
        /// The session ended meanwhile.
        case ended
    }

    /// What a GET of the session's page is answered with.
    enum ServedPage: Sendable {
        /// The published page, as it is, and how many entries of the path the store holds (as
        /// ``storedPathLength``).
        case published(PublishedPage, pathLength: Int?)
        /// A render in the session's queue, the copy brought up to the store first when
        /// `catchingUp`.
        case render(catchingUp: Bool)
    }

    /// What replacing a scene asks of the owner.
    enum ReplaceAction: Sendable {
        /// Close `old` (it was read for its path and version), remove the stored path when
        /// `removesStoredPath`, replay, then ``replaced(scene:tag:replayed:notice:)``.
        case replace(old: Scene, removesStoredPath: Bool)
        /// The session ended meanwhile: nothing to replace.
        case gone
    }

    /// What a replaced scene asks of the owner.
    enum ReplacedAction: Sendable {
        /// Nothing more, or remove the stored path (as ``StoreAction``).
        case store(StoreAction)
        /// The session ended while the scene replayed: close the new scene.
        case close(Scene)
    }

    /// What the owner does when a session leaves this process: moves its open pages to `/`,
    /// closes its scene on the main actor, and removes its stored path when it ended.
    struct Leave: Sendable {
        /// The scene to close, if it had one.
        var scene: Scene?
        /// The open pages' waits, to be answered with a move to `/`.
        var pages: [OpenPages.Waiter]
        /// Whether its stored path must leave the store (it ended, rather than left memory).
        var forgetsStoredPath: Bool
    }

    /// Where the session is now.
    private(set) var phase: Phase
    /// When a request last used it.
    private(set) var lastUsed: ContinuousClock.Instant
    /// Its open pages: the page it published and the event streams that wait for the next.
    var pages = OpenPages()
    /// The key of the page whose tokens the session's scene issues now: one HMAC a page. Kept in
    /// every phase (a replay's captures issue tokens too); a key names its page, scene tag
    /// included, so a stale one is never used.
    var pageKey: ActionToken.PageKey?

    /// A new session, whose first scene is being made.
    static func starting(now: ContinuousClock.Instant) -> Self { Self(phase: .starting, lastUsed: now) }

    /// A session a cookie names that is not in memory.
    static func hibernated(now: ContinuousClock.Instant) -> Self { Self(phase: .hibernated, lastUsed: now) }

    private init(phase: Phase, lastUsed: ContinuousClock.Instant) {
        self.phase = phase
        self.lastUsed = lastUsed
    }

    // MARK: Queries

    /// Whether requests can no longer use the session (it ends or this process is done with it).
    var isOver: Bool {
        switch phase {
        case .ending, .gone: true
        case .starting, .hibernated, .rebuilding, .live, .replacing: false
        }
    }

    /// Whether the session is live, with a scene.
    var isLive: Bool {
        if case .live = phase { return true }
        return false
    }

    /// The scene, while live.
    var scene: Scene? {
        if case .live(let live) = phase { return live.scene }
        return nil
    }

    /// The tag of the live scene's tokens.
    var tag: UInt16? {
        if case .live(let live) = phase { return live.tag }
        return nil
    }

    /// The page before the last entry, as rebuilt for the live scene.
    var pageBeforeLast: PageBeforeLast? {
        if case .live(let live) = phase { return live.pageBeforeLast }
        return nil
    }

    /// What a session in memory keeps (live or replacing its scene).
    private var memory: Memory? {
        switch phase {
        case .live(let live): live.memory
        case .replacing(let replacing): replacing.memory
        case .starting, .hibernated, .rebuilding, .ending, .gone: nil
        }
    }

    /// How many entries of the path the store holds, to tell a browser (``PageResponses``'s path
    /// length cookie): nil when not recorded or not in memory.
    var storedPathLength: Int? {
        guard case .entries(let count) = memory?.stored else { return nil }
        return count
    }

    /// The pool ``SessionStore`` files the session in: derived from the phase, never kept beside it.
    var pool: SessionStore.Pool? {
        switch phase {
        case .starting, .gone: nil
        case .hibernated, .rebuilding: .arriving
        case .live(let live): live.memory.isReturning ? .returning : .new
        case .replacing(let replacing): replacing.memory.isReturning ? .returning : .new
        case .ending: .leaving
        }
    }

    /// What a GET of the session's page can be answered with, when the browser says it saw
    /// `seenPathLength` entries: the published page when it is fresh (and shows `screen`, when
    /// one is asked), else a render, reading the store first when the browser saw more than this
    /// copy holds (another process answered its last action) and the store was not read for that
    /// length yet.
    func servedPage(showing screen: ScreenID?, seenPathLength: Int?) -> ServedPage {
        guard let memory else { return .render(catchingUp: false) }
        let isBehind =
            seenPathLength.map {
                $0 > (storedPathLength ?? .max) && $0 > memory.checkedPathLength
            } ?? false
        if !isBehind, let page = pages.freshPage, screen == nil || page.screenID == screen {
            return .published(page, pathLength: storedPathLength)
        }
        return .render(catchingUp: isBehind)
    }

    /// Whether this copy holds fewer entries than a browser saw: another process took them.
    func isBehind(seenPathLength: Int) -> Bool {
        guard case .entries(let count) = memory?.stored else { return false }
        return count < seenPathLength
    }

    /// Whether the session may leave memory: live, its whole path (`pathCount` entries) stored, no
    /// page of it listening for live moves.
    func mayHibernate(pathCount: Int) -> Bool {
        guard case .live(let live) = phase else { return false }
        return live.memory.stored == .entries(pathCount) && !pages.hasOpenStreams
    }

    // MARK: Starting and rebuilding

    /// The first scene is ready; the store holds `stored` of its path (a share it starts from fit
    /// whole: its entries), or nothing yet (`.entries(0)`).
    mutating func started(scene: Scene, tag: UInt16, stored: Stored, notice: String?, now: ContinuousClock.Instant) {
        switch phase {
        case .starting:
            let memory = Memory(stored: stored, isReturning: false, lastStored: now, notice: notice)
            phase = .live(Live(scene: scene, tag: tag, memory: memory))
        case .hibernated, .rebuilding, .live, .replacing, .ending, .gone:
            impossible("started")
        }
    }

    /// A request's turn came in the session's queue. With `startsUnstored`, a rebuild that finds
    /// nothing stored starts afresh.
    mutating func admit(startsUnstored: Bool) -> Admission {
        switch phase {
        case .hibernated:
            phase = .rebuilding(Rebuilding(startsUnstored: startsUnstored))
            return .rebuild
        case .live:
            return .serve
        case .ending, .gone:
            return .refuse
        case .starting, .rebuilding, .replacing:
            // Not listed yet, or a rebuild or replacement is running in the queue this turn waited in.
            impossible("admit")
        }
    }

    /// The store could not be read (it is unavailable): the session is unlisted, as with nothing
    /// stored, but never started afresh, and the request answers that nothing was done; the next
    /// one naming it reads the store again.
    mutating func readFailed() {
        switch phase {
        case .rebuilding(let rebuilding) where rebuilding.stored == nil:
            phase = .gone
        case .starting, .hibernated, .rebuilding, .live, .replacing, .ending, .gone:
            impossible("readFailed")
        }
    }

    /// The store was read: it holds `stored` entries (nil: nothing, or what it holds cannot be read
    /// back; a store that cannot be reached is ``readFailed()``).
    mutating func read(stored: Int?) -> ReadAction {
        switch phase {
        case .rebuilding(var rebuilding) where rebuilding.stored == nil:
            if let stored, stored > 0 {
                rebuilding.stored = stored
                phase = .rebuilding(rebuilding)
                return .replay
            }
            guard rebuilding.startsUnstored else {
                phase = .gone
                return .discard
            }
            rebuilding.stored = 0
            phase = .rebuilding(rebuilding)
            return .startAfresh
        case .starting, .hibernated, .rebuilding, .live, .replacing, .ending, .gone:
            impossible("read")
        }
    }

    /// The rebuilt scene replayed `replayed` entries of the stored path: live, in the returning
    /// pool. A path that fitted whole is not written again.
    mutating func rebuilt(
        scene: Scene, tag: UInt16, replayed: Int, notice: String?, now: ContinuousClock.Instant
    ) -> StoreAction {
        switch phase {
        case .rebuilding(let rebuilding):
            guard let stored = rebuilding.stored else { impossible("rebuilt before read") }
            let fits = replayed == stored
            let memory = Memory(stored: .entries(fits ? stored : 0), isReturning: true, lastStored: now, notice: notice)
            phase = .live(Live(scene: scene, tag: tag, memory: memory))
            return fits ? .none : .removeStoredPath
        case .starting, .hibernated, .live, .replacing, .ending, .gone:
            impossible("rebuilt")
        }
    }

    /// A new session came back with its cookie: it joins the returning pool.
    mutating func cameBack() {
        switch phase {
        case .live(var live):
            live.memory.isReturning = true
            phase = .live(live)
        case .replacing(var replacing):
            replacing.memory.isReturning = true
            phase = .replacing(replacing)
        case .starting, .hibernated, .rebuilding, .ending, .gone:
            impossible("cameBack")
        }
    }

    /// A request used the session at `now`.
    mutating func touch(_ now: ContinuousClock.Instant) {
        lastUsed = now
    }

    // MARK: Changes

    /// A change is about to run in the session's queue: the scene to run it in.
    func change() -> Change {
        switch phase {
        case .live(let live): .scene(live.scene)
        case .ending, .gone: .ended
        case .starting, .hibernated, .rebuilding, .replacing:
            // A change runs in the queue of an admitted session; a refresh is scheduled only for a
            // session with open pages, which a session before its first scene never has.
            impossible("change")
        }
    }

    /// The next page shows `notice`.
    mutating func tell(_ notice: String) {
        whileLive("tell", orElse: ()) { $0.memory.notice = notice }
    }

    /// The line the next page shows, forgotten once taken.
    mutating func takeNotice() -> String? {
        whileLive("takeNotice", orElse: nil) { live in
            defer { live.memory.notice = nil }
            return live.memory.notice
        }
    }

    /// The live scene's page before its last entry was rebuilt.
    mutating func keep(_ page: PageBeforeLast) {
        whileLive("keep", orElse: ()) { $0.pageBeforeLast = page }
    }

    // MARK: Recording

    /// The session's click path now has `pathCount` entries: where to append from (the store holds
    /// that many), or nil when nothing is due (nothing new, not recorded, or the session ended).
    mutating func recorded(pathCount: Int) -> Int? {
        whileLive("recorded", orElse: nil) { live in
            guard case .entries(let stored) = live.memory.stored, pathCount > stored else { return nil }
            live.memory.stored = .entries(pathCount)
            return stored
        }
    }

    /// An append failed for a reason other than the store being out of reach: the session lives on
    /// unrecorded.
    mutating func appendFailed() {
        whileLive("appendFailed", orElse: ()) { $0.memory.stored = .notRecorded }
    }

    /// The live scene was brought up to the stored path of `stored` entries by replaying only what
    /// it lacked (another process took the last clicks).
    mutating func caughtUp(stored: Int) {
        whileLive("caughtUp", orElse: ()) { $0.memory.stored = .entries(stored) }
    }

    /// The store was read because a browser said it saw `length` entries.
    mutating func checked(pathLength length: Int) {
        whileLive("checked", orElse: ()) { $0.memory.checkedPathLength = max($0.memory.checkedPathLength, length) }
    }

    /// The store marked the session used at `now` (outside its queue: a scene may be replacing).
    mutating func markStored(_ now: ContinuousClock.Instant) {
        switch phase {
        case .live(var live):
            live.memory.lastStored = now
            phase = .live(live)
        case .replacing(var replacing):
            replacing.memory.lastStored = now
            phase = .replacing(replacing)
        case .ending, .gone:
            break
        case .starting, .hibernated, .rebuilding:
            impossible("markStored")
        }
    }

    /// When the store last marked the session used, while in memory.
    var lastStored: ContinuousClock.Instant? { memory?.lastStored }

    /// The column most events share: `change` the live session; a session that left meanwhile (a
    /// change raced its end) gives `left`; any other phase is impossible, for these events run in
    /// the queue of a live session.
    private mutating func whileLive<Result>(
        _ event: String, orElse left: Result, _ change: (inout Live) -> Result
    ) -> Result {
        switch phase {
        case .live(var live):
            let result = change(&live)
            phase = .live(live)
            return result
        case .ending, .gone:
            return left
        case .starting, .hibernated, .rebuilding, .replacing:
            impossible(event)
        }
    }

    // MARK: Replacing the scene

    /// The live scene is about to be replaced by a replay, for `reason`.
    mutating func replacing(_ reason: Replacement) -> ReplaceAction {
        switch phase {
        case .live(let live):
            var memory = live.memory
            switch reason {
            case .back where memory.stored != .notRecorded:
                memory.stored = .entries(0)
            case .undo(let stored) where memory.stored != .notRecorded:
                memory.stored = .entries(stored)
            case .back, .undo, .reload:
                break
            }
            phase = .replacing(Replacing(memory: memory, reason: reason))
            return .replace(old: live.scene, removesStoredPath: reason == .back)
        case .ending, .gone:
            return .gone
        case .starting, .hibernated, .rebuilding, .replacing:
            impossible("replacing")
        }
    }

    /// The new scene replayed `replayed` entries; `notice`, when given, is what the next page says.
    mutating func replaced(scene: Scene, tag: UInt16, replayed: Int, notice: String?) -> ReplacedAction {
        switch phase {
        case .replacing(let replacing):
            var memory = replacing.memory
            if let notice { memory.notice = notice }
            var action = StoreAction.none
            if case .reload(let stored) = replacing.reason {
                let fits = replayed == stored
                memory.stored = .entries(fits ? stored : 0)
                if !fits { action = .removeStoredPath }
            }
            phase = .live(Live(scene: scene, tag: tag, memory: memory))
            return .store(action)
        case .ending, .gone:
            return .close(scene)
        case .starting, .hibernated, .rebuilding, .live:
            impossible("replaced")
        }
    }

    // MARK: Leaving

    /// The session, unused since `lastUsed`, leaves memory if it still may (``mayHibernate(pathCount:)``)
    /// and was not used for `interval`: returns what to do, or nil when it stays.
    mutating func hibernate(pathCount: Int, unusedFor interval: Duration, now: ContinuousClock.Instant) -> Leave? {
        switch phase {
        case .live(let live):
            guard mayHibernate(pathCount: pathCount), now - lastUsed >= interval else { return nil }
            phase = .gone
            return Leave(scene: live.scene, pages: pages.leave(), forgetsStoredPath: false)
        case .ending, .gone:
            return nil
        case .starting, .hibernated, .rebuilding, .replacing:
            // Hibernation runs in the queue of a listed session in memory.
            impossible("hibernate")
        }
    }

    /// The session ends (idle, evicted): its stored path must leave the store.
    mutating func end() -> Leave {
        switch phase {
        case .live(let live):
            phase = .ending
            return Leave(scene: live.scene, pages: pages.leave(), forgetsStoredPath: true)
        case .replacing:
            phase = .ending
            return Leave(scene: nil, pages: pages.leave(), forgetsStoredPath: true)
        case .starting, .hibernated, .rebuilding, .ending, .gone:
            // Only the store ends a session, once, as it takes it out of the new or returning pool.
            impossible("end")
        }
    }

    /// Its stored path left the store.
    mutating func forgotten() {
        switch phase {
        case .ending:
            phase = .gone
        case .starting, .hibernated, .rebuilding, .live, .replacing, .gone:
            impossible("forgotten")
        }
    }

    /// This process lets go of the session and leaves its stored path as it is: the server stops
    /// (the next process rebuilds it), or another process removed it. Nil when it left already.
    mutating func stop() -> Leave? {
        switch phase {
        case .live(let live):
            phase = .gone
            return Leave(scene: live.scene, pages: pages.leave(), forgetsStoredPath: false)
        case .replacing:
            phase = .gone
            return Leave(scene: nil, pages: pages.leave(), forgetsStoredPath: false)
        case .ending, .gone:
            return nil
        case .starting, .hibernated, .rebuilding:
            impossible("stop")
        }
    }

    // MARK: Open pages

    /// The window's version moved to `version`: whether to schedule a refresh of the published
    /// page (open pages wait for a move, none is scheduled, the session is not over).
    mutating func windowDidChange(to version: Int) -> Bool {
        pages.windowDidChange(to: version, isOver: isOver)
    }

    private func impossible(_ event: String) -> Never {
        fatalError("session: \(event) cannot happen when \(phase)")
    }
}
