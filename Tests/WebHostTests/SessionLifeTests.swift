import Testing

@testable import WebHost

@Suite("A session's life, as a value")
struct SessionLifeTests {
    @Test("a new session is live with nothing stored, and appends each change once, from where the store ends")
    func newSessionAppendsWhatItGains() {
        var life = SessionLife.started
        #expect(life.state == .live)
        let append1 = life.recorded(pathCount: 0)
        #expect(append1 == .none)
        let append2 = life.recorded(pathCount: 2)
        #expect(append2 == .append(start: 0))
        let append3 = life.recorded(pathCount: 2)
        #expect(append3 == .none, "nothing new: nothing to write")
        let append4 = life.recorded(pathCount: 3)
        #expect(append4 == .append(start: 2))
        #expect(life.storedEntries == 3)
    }

    @Test("after a failed append the session lives on unrecorded")
    func failedAppendStopsRecording() {
        var life = SessionLife.started
        _ = life.recorded(pathCount: 1)
        life.appendFailed()
        let append5 = life.recorded(pathCount: 5)
        #expect(append5 == .none)
        #expect(life.state == .live)
        #expect(!life.canHibernate(pathCount: 5, hasOpenStreams: false), "it could not come back")
    }

    @Test("a rebuild whose replay fits writes nothing again")
    func restoreDoesNotRewrite() {
        var life = SessionLife.hibernated
        let rebuilds6 = life.rebuild()
        #expect(rebuilds6)
        #expect(life.state == .rebuilding)
        let rebuilds7 = life.rebuild()
        #expect(!rebuilds7, "one rebuild: later requests wait for it")
        let action8 = life.rebuilt(stored: 4, replayed: 4)
        #expect(action8 == .none)
        #expect(life.state == .live)
        let append9 = life.recorded(pathCount: 4)
        #expect(append9 == .none, "the stored path is not written again")
        let append10 = life.recorded(pathCount: 5)
        #expect(append10 == .append(start: 4))
    }

    @Test("a rebuild that stopped early removes the stored path and stores the part that fit anew")
    func partialRebuildReplacesStoredPath() {
        var life = SessionLife.hibernated
        _ = life.rebuild()
        let action11 = life.rebuilt(stored: 6, replayed: 2)
        #expect(action11 == .removeStoredPath)
        let append12 = life.recorded(pathCount: 2)
        #expect(append12 == .append(start: 0))
    }

    @Test("nothing stored: the rebuilt session is discarded, and never served")
    func nothingStoredDiscards() {
        var life = SessionLife.hibernated
        _ = life.rebuild()
        let action13 = life.rebuilt(stored: nil, replayed: 0)
        #expect(action13 == .discard)
        #expect(life.state == .ended)
        let rebuilds14 = life.rebuild()
        #expect(!rebuilds14)
        var empty = SessionLife.hibernated
        _ = empty.rebuild()
        let action15 = empty.rebuilt(stored: 0, replayed: 0)
        #expect(action15 == .discard)
    }

    @Test("only a live session whose whole path is stored and that no page listens to may hibernate")
    func hibernationNeedsTheWholePathStored() {
        var life = SessionLife.started
        _ = life.recorded(pathCount: 3)
        #expect(life.canHibernate(pathCount: 3, hasOpenStreams: false))
        #expect(!life.canHibernate(pathCount: 4, hasOpenStreams: false), "an entry is not stored yet")
        #expect(!life.canHibernate(pathCount: 3, hasOpenStreams: true), "a page waits for live moves")
        life.hibernated()
        #expect(life.state == .hibernated)
        let rebuilds16 = life.rebuild()
        #expect(rebuilds16, "its next request rebuilds it")
    }

    @Test("an ending session is over: never rebuilt, ended once, its path forgotten once")
    func endingIsFinal() {
        var life = SessionLife.started
        let forgets17 = life.end()
        #expect(forgets17)
        #expect(life.state == .ending)
        #expect(life.isOver)
        let forgets18 = life.end()
        #expect(!forgets18, "ending twice forgets once")
        let rebuilds19 = life.rebuild()
        #expect(!rebuilds19)
        let append20 = life.recorded(pathCount: 9)
        #expect(append20 == .none)
        let wentBack21 = life.wentBack()
        #expect(!wentBack21)
        life.forgotten()
        #expect(life.state == .ended)
    }

    @Test("Back to here stores the session anew from its first entry")
    func wentBackStoresAnew() {
        var life = SessionLife.started
        _ = life.recorded(pathCount: 5)
        let wentBack22 = life.wentBack()
        #expect(wentBack22)
        let append23 = life.recorded(pathCount: 2)
        #expect(append23 == .append(start: 0))
    }

    @Test("a server that stops keeps the stored path: the session is over here, not forgotten")
    func stopKeepsThePath() {
        var life = SessionLife.started
        _ = life.recorded(pathCount: 2)
        life.stop()
        #expect(life.isOver)
        let forgets24 = life.end()
        #expect(!forgets24, "nothing to forget")
    }

    @Test("an append the store could not take is undone: the next change appends from where the store ends")
    func undoneAppend() {
        var life = SessionLife.started
        _ = life.recorded(pathCount: 2)
        let refused = life.recorded(pathCount: 3)
        #expect(refused == .append(start: 2))
        life.appendUndone(storedEntries: 2)
        #expect(life.storedEntries == 2)
        let retried = life.recorded(pathCount: 3)
        #expect(retried == .append(start: 2), "the same click, taken again once the store is back")
    }

    @Test("a live session rebuilt from what another process stored holds that many entries, or stores anew")
    func reloadedFromTheStore() {
        var life = SessionLife.started
        _ = life.recorded(pathCount: 2)
        let fits = life.reloaded(stored: 4, replayed: 4)
        #expect(fits == .none)
        #expect(life.storedEntries == 4)
        let stopsEarly = life.reloaded(stored: 6, replayed: 5)
        #expect(stopsEarly == .removeStoredPath)
        #expect(life.storedEntries == 0)
        var hibernated = SessionLife.hibernated
        let notLive = hibernated.reloaded(stored: 3, replayed: 3)
        #expect(notLive == .none)
        #expect(hibernated.state == .hibernated)
    }
}
