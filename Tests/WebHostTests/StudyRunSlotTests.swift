import FlowHostApp
import Testing

@testable import WebHost

/// A session keeps its tester's run in a slot that costs a session that is no tester's one word.
@Suite("A session's study run slot")
struct StudyRunSlotTests {
    @Test("a session that is no tester's holds no run in place: the slot is a lock and one word")
    func size() {
        #expect(MemoryLayout<StudyRunSlot>.size <= 16)
        #expect(MemoryLayout<StudyRun?>.size > 64, "what a session held in place before")
    }

    @Test("a run set is kept and changed in place, and a run set to nil is gone")
    func keeps() {
        let slot = StudyRunSlot()
        #expect(slot.withLock { $0 == nil })
        slot.withLock { $0 = StudyRun(studyID: "lab", study: SharedStudiesTests.decoded()) }
        slot.withLock { $0?.show(screen: "lab/sheet", at: .now) }
        slot.withLock { $0?.closeScreen(at: .now) }
        #expect(slot.withLock { $0?.studyID } == "lab")
        #expect(slot.withLock { $0?.takePending().count } == 1, "the screen time waits for the store")
        #expect(slot.withLock { $0?.pending.isEmpty } == true)
        slot.withLock { $0 = nil }
        #expect(slot.withLock { $0 == nil })
    }
}
