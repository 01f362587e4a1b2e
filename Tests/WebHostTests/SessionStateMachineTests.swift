import HTMLPresenter
import NIOCore
import Testing

@testable import WebHost

@Suite("A session, as a value")
struct SessionStateMachineTests {
    /// A scene: the value holds it and hands it back, nothing more.
    final class Scene: Sendable {}

    typealias Machine = SessionStateMachine<Scene>

    static let now = ContinuousClock.now

    static func live(stored: Machine.Stored = .entries(0), scene: Scene = Scene()) -> Machine {
        var machine = Machine.starting(now: now)
        machine.started(scene: scene, tag: 7, stored: stored, notice: nil, now: now)
        return machine
    }

    static func rebuilding(startsUnstored: Bool = false) -> Machine {
        var machine = Machine.hibernated(now: now)
        _ = machine.admit(startsUnstored: startsUnstored)
        return machine
    }

    // MARK: Starting and recording

    @Test("a new session is live in the new pool with nothing stored, and appends each change once")
    func newSessionAppendsWhatItGains() {
        var machine = Self.live()
        #expect(machine.isLive)
        #expect(machine.pool == .new)
        #expect(machine.recorded(pathCount: 0) == nil)
        #expect(machine.recorded(pathCount: 2) == 0)
        #expect(machine.recorded(pathCount: 2) == nil, "nothing new: nothing to write")
        #expect(machine.recorded(pathCount: 3) == 2)
        #expect(machine.storedPathLength == 3)
    }

    @Test("a session started from a share holds the shared entries as stored")
    func startedFromAShare() {
        var machine = Self.live(stored: .entries(4))
        #expect(machine.recorded(pathCount: 4) == nil)
        #expect(machine.recorded(pathCount: 5) == 4)
    }

    @Test("after a failed append the session lives on unrecorded, never behind a browser")
    func failedAppendStopsRecording() {
        var machine = Self.live()
        _ = machine.recorded(pathCount: 1)
        machine.appendFailed()
        #expect(machine.recorded(pathCount: 5) == nil)
        #expect(machine.isLive)
        #expect(machine.storedPathLength == nil)
        #expect(!machine.mayHibernate(pathCount: 5), "it could not come back")
        #expect(!machine.isBehind(seenPathLength: 9))
    }

    @Test("a new session that comes back joins the returning pool")
    func cameBack() {
        var machine = Self.live()
        machine.cameBack()
        #expect(machine.pool == .returning)
        machine.cameBack()
        #expect(machine.pool == .returning)
    }

    // MARK: Rebuilding

    @Test("a hibernated session is arriving; the first request's turn rebuilds it")
    func admission() {
        var machine = Machine.hibernated(now: Self.now)
        #expect(machine.pool == .arriving)
        #expect(machine.admit(startsUnstored: false) == .rebuild)
        #expect(machine.pool == .arriving)
        var live = Self.live()
        #expect(live.admit(startsUnstored: false) == .serve, "an earlier request rebuilt it")
        var ending = Self.live()
        _ = ending.end()
        #expect(ending.admit(startsUnstored: false) == .refuse)
    }

    @Test("a rebuild whose replay fits writes nothing again, and the session is returning")
    func restoreDoesNotRewrite() {
        var machine = Self.rebuilding()
        #expect(machine.read(stored: 4) == .replay)
        let scene = Scene()
        #expect(machine.rebuilt(scene: scene, tag: 1, replayed: 4, notice: nil, now: Self.now) == .none)
        #expect(machine.scene === scene)
        #expect(machine.pool == .returning)
        #expect(machine.recorded(pathCount: 4) == nil, "the stored path is not written again")
        #expect(machine.recorded(pathCount: 5) == 4)
    }

    @Test("a rebuild that stopped early removes the stored path, stores the part that fit anew, and says why")
    func partialRebuildReplacesStoredPath() {
        var machine = Self.rebuilding()
        _ = machine.read(stored: 6)
        let action = machine.rebuilt(scene: Scene(), tag: 1, replayed: 2, notice: "Rebuilt as far", now: Self.now)
        #expect(action == .removeStoredPath)
        #expect(machine.recorded(pathCount: 2) == 0)
        #expect(machine.takeNotice() == "Rebuilt as far")
        #expect(machine.takeNotice() == nil, "said once")
    }

    @Test("nothing stored: the session is discarded, or starts afresh when another process started it")
    func nothingStored() {
        var discarded = Self.rebuilding()
        #expect(discarded.read(stored: nil) == .discard)
        #expect(discarded.pool == nil)
        #expect(discarded.isOver)
        var empty = Self.rebuilding()
        #expect(empty.read(stored: 0) == .discard)
        var afresh = Self.rebuilding(startsUnstored: true)
        #expect(afresh.read(stored: nil) == .startAfresh)
        #expect(afresh.rebuilt(scene: Scene(), tag: 1, replayed: 0, notice: nil, now: Self.now) == .none)
        #expect(afresh.storedPathLength == 0)
        #expect(afresh.pool == .returning)
    }

    @Test("a store that cannot be read leaves the session unlisted, not started afresh, read again when named again")
    func readFailed() {
        for startsUnstored in [false, true] {
            var machine = Self.rebuilding(startsUnstored: startsUnstored)
            machine.readFailed()
            #expect(machine.pool == nil, "not kept in memory: a request naming it again reads the store")
            #expect(machine.isOver)
            #expect(machine.admit(startsUnstored: startsUnstored) == .refuse, "nothing is built from a failed read")
        }
    }

    // MARK: Replacing the scene

    @Test("Back to here removes the stored path and stores the session anew from its first entry")
    func backStoresAnew() {
        let old = Scene()
        var machine = Self.live(scene: old)
        _ = machine.recorded(pathCount: 5)
        guard case .replace(let replaced, let removes) = machine.replacing(.back) else {
            Issue.record("a live session's scene is replaced")
            return
        }
        #expect(replaced === old)
        #expect(removes)
        #expect(machine.scene == nil, "no scene while the new one replays")
        #expect(machine.pool == .new, "still in memory, in its pool")
        let new = Scene()
        guard case .store(.none) = machine.replaced(scene: new, tag: 2, replayed: 2, notice: nil) else {
            Issue.record("nothing more for the store")
            return
        }
        #expect(machine.scene === new)
        #expect(machine.tag == 2)
        #expect(machine.recorded(pathCount: 2) == 0)
    }

    @Test("an undone change holds as many entries as the store kept: the click is taken again once it is back")
    func undo() {
        var machine = Self.live()
        _ = machine.recorded(pathCount: 2)
        #expect(machine.recorded(pathCount: 3) == 2)
        guard case .replace(_, let removes) = machine.replacing(.undo(stored: 2)) else {
            Issue.record("a live session's scene is replaced")
            return
        }
        #expect(!removes)
        _ = machine.replaced(scene: Scene(), tag: 2, replayed: 2, notice: nil)
        #expect(machine.storedPathLength == 2)
        #expect(machine.recorded(pathCount: 3) == 2, "the same click, taken again")
    }

    @Test("a copy rebuilt from what another process stored holds that many entries, or stores anew")
    func reload() {
        var machine = Self.live()
        _ = machine.recorded(pathCount: 2)
        _ = machine.replacing(.reload(stored: 4))
        guard case .store(.none) = machine.replaced(scene: Scene(), tag: 2, replayed: 4, notice: nil) else {
            Issue.record("a path that fits stays stored")
            return
        }
        #expect(machine.storedPathLength == 4)
        _ = machine.replacing(.reload(stored: 6))
        guard case .store(.removeStoredPath) = machine.replaced(scene: Scene(), tag: 3, replayed: 5, notice: "stop")
        else {
            Issue.record("a path that stopped early is stored anew")
            return
        }
        #expect(machine.storedPathLength == 0)
        machine.caughtUp(stored: 7)
        #expect(machine.storedPathLength == 7, "caught up by replaying what it lacked")
    }

    @Test("a session that ends while its new scene replays closes that scene")
    func endsWhileReplacing() {
        var machine = Self.live()
        _ = machine.replacing(.back)
        let leave = machine.end()
        #expect(leave.scene == nil, "the old scene is closed already")
        #expect(leave.forgetsStoredPath)
        let new = Scene()
        guard case .close(let closed) = machine.replaced(scene: new, tag: 2, replayed: 0, notice: nil) else {
            Issue.record("the new scene is closed")
            return
        }
        #expect(closed === new)
        guard case .gone = machine.replacing(.back) else {
            Issue.record("nothing to replace once ended")
            return
        }
    }

    // MARK: Pages

    @Test(
        "a GET is served the fresh page, unless the browser saw more than this copy holds and the store was not read for it"
    )
    func servedPage() {
        var machine = Self.live()
        _ = machine.recorded(pathCount: 3)
        guard case .render(catchingUp: false) = machine.servedPage(showing: nil, seenPathLength: nil) else {
            Issue.record("nothing published yet")
            return
        }
        let page = PublishedPage(
            version: 1, screenID: ScreenID(rawValue: 5), storyboardScreen: "lab/page",
            body: CompressedBody(ByteBuffer()))
        _ = machine.pages.publish(page)
        guard case .published(_, pathLength: 3) = machine.servedPage(showing: nil, seenPathLength: 3) else {
            Issue.record("the fresh page, telling the stored length")
            return
        }
        guard case .render(catchingUp: false) = machine.servedPage(showing: ScreenID(rawValue: 6), seenPathLength: 3)
        else {
            Issue.record("another screen is rendered")
            return
        }
        guard case .render(catchingUp: true) = machine.servedPage(showing: nil, seenPathLength: 4) else {
            Issue.record("a browser that saw more catches the copy up")
            return
        }
        #expect(machine.isBehind(seenPathLength: 4))
        machine.checked(pathLength: 4)
        guard case .published = machine.servedPage(showing: nil, seenPathLength: 4) else {
            Issue.record("the store is read once for a length")
            return
        }
        #expect(machine.windowDidChange(to: 2) == false, "no page waits: nothing to refresh")
        guard case .render = machine.servedPage(showing: nil, seenPathLength: nil) else {
            Issue.record("a page of an older version is not served")
            return
        }
    }

    // MARK: Leaving

    @Test("only a live session unused long enough, whose whole path is stored and that no page listens to, hibernates")
    func hibernation() {
        let scene = Scene()
        var machine = Self.live(scene: scene)
        _ = machine.recorded(pathCount: 3)
        #expect(machine.mayHibernate(pathCount: 3))
        #expect(!machine.mayHibernate(pathCount: 4), "an entry is not stored yet")
        #expect(machine.hibernate(pathCount: 3, unusedFor: .seconds(60), now: Self.now) == nil, "used just now")
        let stream = machine.pages.openStream(limit: 8).key
        #expect(!machine.mayHibernate(pathCount: 3), "a page waits for live moves")
        machine.pages.closeStream(stream)
        let leave = machine.hibernate(pathCount: 3, unusedFor: .seconds(60), now: Self.now + .seconds(61))
        #expect(leave?.scene === scene)
        #expect(leave?.forgetsStoredPath == false, "its path stays stored: its next request rebuilds it")
        #expect(machine.pool == nil)
        #expect(machine.isOver)
    }

    @Test("an ending session is over, leaving, never rebuilt or recorded, and gone once its path is forgotten")
    func endingIsFinal() {
        let scene = Scene()
        var machine = Self.live(scene: scene)
        let leave = machine.end()
        #expect(leave.scene === scene)
        #expect(leave.forgetsStoredPath)
        #expect(machine.isOver)
        #expect(machine.pool == .leaving)
        #expect(machine.admit(startsUnstored: false) == .refuse)
        #expect(machine.recorded(pathCount: 9) == nil)
        #expect(machine.stop() == nil, "leaving already")
        machine.forgotten()
        #expect(machine.pool == nil)
    }

    @Test("a server that stops keeps the stored path: the session is over here, not forgotten")
    func stopKeepsThePath() {
        var machine = Self.live()
        _ = machine.recorded(pathCount: 2)
        let leave = machine.stop()
        #expect(leave?.forgetsStoredPath == false)
        #expect(machine.isOver)
        #expect(machine.pool == nil)
        #expect(machine.stop() == nil, "let go once")
    }

    // MARK: The table

    /// The phases, reached by events the way a server reaches them.
    enum PhaseKind: String, Codable, CaseIterable, Sendable {
        case starting, hibernated, rebuilding, live, replacing, ending, gone

        var machine: Machine {
            switch self {
            case .starting: return .starting(now: SessionStateMachineTests.now)
            case .hibernated: return .hibernated(now: SessionStateMachineTests.now)
            case .rebuilding: return SessionStateMachineTests.rebuilding()
            case .live: return SessionStateMachineTests.live()
            case .replacing:
                var machine = SessionStateMachineTests.live()
                _ = machine.replacing(.back)
                return machine
            case .ending:
                var machine = SessionStateMachineTests.live()
                _ = machine.end()
                return machine
            case .gone:
                var machine = SessionStateMachineTests.live()
                _ = machine.stop()
                return machine
            }
        }
    }

    /// Every event, with arguments that are fine in a phase where the event is.
    enum EventKind: String, Codable, CaseIterable, Sendable {
        case started, admit, read, readFailed, rebuilt, cameBack, change, tell, takeNotice, keep, recorded, appendFailed
        case markStored, caughtUp, checked, replacing, replaced, hibernate, end, forgotten, stop

        func apply(to machine: inout Machine) {
            let now = SessionStateMachineTests.now
            switch self {
            case .started: machine.started(scene: Scene(), tag: 1, stored: .entries(0), notice: nil, now: now)
            case .admit: _ = machine.admit(startsUnstored: false)
            case .read: _ = machine.read(stored: 3)
            case .readFailed: machine.readFailed()
            case .rebuilt: _ = machine.rebuilt(scene: Scene(), tag: 1, replayed: 0, notice: nil, now: now)
            case .cameBack: machine.cameBack()
            case .change: _ = machine.change()
            case .tell: machine.tell("a line")
            case .takeNotice: _ = machine.takeNotice()
            case .keep: machine.keep(.init(pathLength: 0, actions: []))
            case .recorded: _ = machine.recorded(pathCount: 1)
            case .appendFailed: machine.appendFailed()
            case .markStored: machine.markStored(now)
            case .caughtUp: machine.caughtUp(stored: 2)
            case .checked: machine.checked(pathLength: 2)
            case .replacing: _ = machine.replacing(.back)
            case .replaced: _ = machine.replaced(scene: Scene(), tag: 1, replayed: 0, notice: nil)
            case .hibernate: _ = machine.hibernate(pathCount: 0, unusedFor: .zero, now: now)
            case .end: _ = machine.end()
            case .forgotten: machine.forgotten()
            case .stop: _ = machine.stop()
            }
        }
    }

    /// The phases in which each event cannot happen: the ✗ of ``SessionStateMachine``'s table.
    static let impossible: [EventKind: Set<PhaseKind>] = [
        .started: [.hibernated, .rebuilding, .live, .replacing, .ending, .gone],
        .admit: [.starting, .rebuilding, .replacing],
        .read: [.starting, .hibernated, .live, .replacing, .ending, .gone],
        .readFailed: [.starting, .hibernated, .live, .replacing, .ending, .gone],
        .rebuilt: [.starting, .hibernated, .rebuilding, .live, .replacing, .ending, .gone],
        .cameBack: [.starting, .hibernated, .rebuilding, .ending, .gone],
        .change: [.starting, .hibernated, .rebuilding, .replacing],
        .tell: [.starting, .hibernated, .rebuilding, .replacing],
        .takeNotice: [.starting, .hibernated, .rebuilding, .replacing],
        .keep: [.starting, .hibernated, .rebuilding, .replacing],
        .recorded: [.starting, .hibernated, .rebuilding, .replacing],
        .appendFailed: [.starting, .hibernated, .rebuilding, .replacing],
        .markStored: [.starting, .hibernated, .rebuilding],
        .caughtUp: [.starting, .hibernated, .rebuilding, .replacing],
        .checked: [.starting, .hibernated, .rebuilding, .replacing],
        .replacing: [.starting, .hibernated, .rebuilding, .replacing],
        .replaced: [.starting, .hibernated, .rebuilding, .live],
        .hibernate: [.starting, .hibernated, .rebuilding, .replacing],
        .end: [.starting, .hibernated, .rebuilding, .ending, .gone],
        .forgotten: [.starting, .hibernated, .rebuilding, .live, .replacing, .gone],
        .stop: [.starting, .hibernated, .rebuilding],
    ]

    static let possibleCells: [(EventKind, PhaseKind)] = EventKind.allCases.flatMap { event in
        PhaseKind.allCases.filter { !(impossible[event] ?? []).contains($0) }.map { (event, $0) }
    }

    static let impossibleCells: [(EventKind, PhaseKind)] = EventKind.allCases.flatMap { event in
        PhaseKind.allCases.filter { (impossible[event] ?? []).contains($0) }.map { (event, $0) }
    }

    @Test("every event is answered in every phase where it can happen", arguments: possibleCells)
    func possible(event: EventKind, phase: PhaseKind) {
        var machine = phase.machine
        event.apply(to: &machine)
    }

    @Test("an event that cannot happen in a phase stops the process", arguments: impossibleCells)
    func impossible(event: EventKind, phase: PhaseKind) async {
        await #expect(processExitsWith: .failure) { [event, phase] in
            var machine = phase.machine
            event.apply(to: &machine)
        }
    }

    @Test("a rebuild reads the store once, and is rebuilt only after it did")
    func readOnce() async {
        await #expect(processExitsWith: .failure) {
            var machine = SessionStateMachineTests.rebuilding()
            _ = machine.read(stored: 2)
            _ = machine.read(stored: 2)
        }
    }
}
