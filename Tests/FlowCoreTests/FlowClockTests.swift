import FlowCore
import Synchronization
import Testing

@Suite("FlowClock")
struct FlowClockTests {
    @Test("in real time a wait outside an action is a live move; one inside an action is not")
    func liveMoves() async throws {
        let clock = FlowClock()
        let moves = Mutex(0)
        clock.onLiveMove = { moves.withLock { $0 += 1 } }

        try await clock.duringAction { try await clock.sleep(for: .milliseconds(5)) }
        #expect(moves.withLock { $0 } == 0)

        let start = ContinuousClock.now
        try await clock.sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - start >= .milliseconds(20))
        #expect(moves.withLock { $0 } == 1)
    }

    @Test("during a replay an action's wait takes no time and a live move waits to be fired")
    func replay() async throws {
        let clock = FlowClock()
        let moves = Mutex(0)
        clock.onLiveMove = { moves.withLock { $0 += 1 } }
        clock.beginReplay()

        // An action's wait of an hour ends at once
        try await clock.duringAction { try await clock.sleep(for: .seconds(3600)) }

        // A timer of an hour is held until fired
        let fired = Mutex(false)
        let timer = Task {
            try await clock.sleep(for: .seconds(3600))
            fired.withLock { $0 = true }
        }
        while !clock.fireEarliestWait() { await Task.yield() }
        try await timer.value
        #expect(fired.withLock { $0 })
        #expect(!clock.fireEarliestWait(), "nothing else is held")
        #expect(moves.withLock { $0 } == 0, "a replayed live move is not recorded again")
    }

    @Test(
        "actions of two tasks at once, and an action inside another, keep their waits out of the live moves until each ends",
        .timeLimit(.minutes(1)))
    func actionsAtOnce() async throws {
        // Given a replay, and another task that starts an action (or, the second time, starts one
        // once this task's action runs) and waits inside it until told to go on
        for otherFirst in [true, false] {
            let clock = FlowClock()
            clock.beginReplay()
            let thisRuns = Mutex(false)
            let otherRuns = Mutex(false)
            let otherGoesOn = Mutex(false)
            let other = Task {
                if !otherFirst {
                    while !thisRuns.withLock({ $0 }) { await Task.yield() }
                }
                try await clock.duringAction {
                    otherRuns.withLock { $0 = true }
                    while !otherGoesOn.withLock({ $0 }) { await Task.yield() }
                    try await clock.sleep(for: .seconds(3600))
                }
                // Its action over, a wait of this task is a live move again.
                try await clock.sleep(for: .seconds(3600))
            }
            if otherFirst {
                while !otherRuns.withLock({ $0 }) { await Task.yield() }
            }

            // When this task runs an action with another inside it, the other task's action
            // running all the while, and the other task waits once this one's ended
            try await clock.duringAction {
                thisRuns.withLock { $0 = true }
                while !otherRuns.withLock({ $0 }) { await Task.yield() }
                try await clock.duringAction { try await clock.sleep(for: .seconds(3600)) }
                try await clock.sleep(for: .seconds(3600))
            }
            // Then a new action of this task, while the other's runs, is an action too
            try await clock.duringAction { try await clock.sleep(for: .seconds(3600)) }
            otherGoesOn.withLock { $0 = true }

            // Then every wait inside an action ended at once, and only the other task's wait after
            // its action was held, until fired
            while !clock.fireEarliestWait() { await Task.yield() }
            try await other.value
            #expect(!clock.fireEarliestWait(), "nothing else was held")
        }
    }

    @Test("a timer whose task begins waiting while an action runs is a live move: held in a replay, recorded live")
    func timerDuringAction() async throws {
        for replaying in [true, false] {
            let clock = FlowClock()
            let moves = Mutex(0)
            clock.onLiveMove = { moves.withLock { $0 += 1 } }
            if replaying { clock.beginReplay() }
            let waiting = Mutex(false)
            let fired = Mutex(false)
            let timer = Task {
                waiting.withLock { $0 = true }
                try await clock.sleep(for: .milliseconds(replaying ? 3_600_000 : 20))
                fired.withLock { $0 = true }
            }
            try await clock.duringAction {
                // The timer's task begins its wait while this action runs
                while !waiting.withLock({ $0 }) { await Task.yield() }
                try await Task.sleep(for: .milliseconds(10))
            }
            if replaying {
                #expect(!fired.withLock { $0 }, "the timer's wait is held, not ended with the action")
                #expect(clock.fireEarliestWait())
                try await timer.value
                #expect(moves.withLock { $0 } == 0)
            } else {
                try await timer.value
                #expect(moves.withLock { $0 } == 1, "the timer going off is recorded")
            }
            #expect(fired.withLock { $0 })
        }
    }

    @Test("a main-actor timer's wait is held as soon as its task has run, not later on another thread")
    @MainActor
    func heldAtOnce() async throws {
        let clock = FlowClock()
        clock.beginReplay()
        var late = 0
        for _ in 0..<100 {
            let timer = Task { @MainActor in try await clock.sleep(for: .seconds(3600)) }
            await Task.yield()  // the timer's task runs first: the main actor runs its jobs in order
            if !clock.fireEarliestWait() {
                late += 1
                while !clock.fireEarliestWait() { await Task.yield() }
            }
            try await timer.value
        }
        // What a crawler relies on to tell at once whether a screen has a live move.
        #expect(late == 0, "\(late) of 100 timers were not held yet")
    }

    @Test("a wait held when the replay ends sleeps the rest of its time in real time, then is a live move")
    func endReplay() async throws {
        let clock = FlowClock()
        let moves = Mutex(0)
        clock.onLiveMove = { moves.withLock { $0 += 1 } }
        clock.beginReplay()
        let timer = Task { try await clock.sleep(for: .milliseconds(30)) }
        // Let the timer start waiting, then end the replay
        try await Task.sleep(for: .milliseconds(5))
        clock.endReplay()
        try await timer.value
        #expect(moves.withLock { $0 } == 1)
        #expect(!clock.isReplaying)
    }

    @Test("a held wait that is cancelled ends with CancellationError and is no longer held")
    func cancelHeld() async throws {
        let clock = FlowClock()
        clock.beginReplay()
        let timer = Task { try await clock.sleep(for: .seconds(3600)) }
        try await Task.sleep(for: .milliseconds(5))
        timer.cancel()
        await #expect(throws: CancellationError.self) { try await timer.value }
        #expect(!clock.fireEarliestWait())
    }
}
