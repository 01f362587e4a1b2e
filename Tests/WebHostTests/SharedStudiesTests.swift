import FlowHostApp
import Testing

@testable import WebHost

/// Live testers of a study hold one copy of it (`Benchmarks/testers.sh` measures what a tester costs).
@Suite("Testers of a study share one copy of it")
struct SharedStudiesTests {
    /// The study as the store decodes it for each tester: equal, in storage of its own.
    static func decoded(prompt: String = "Open the sheet") -> Study {
        Study(title: "Lab", tasks: [StudyTask(prompt: prompt, start: .appStart, goal: ["lab/sheet"])])
    }

    /// Where a study's tasks are stored.
    static func storage(_ study: Study) -> UnsafeRawPointer? {
        study.tasks.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("a study decoded again for another tester is the copy kept; saved with other tasks, it replaces it")
    func sharing() {
        let studies = SharedStudies()
        let first = studies.shared(Self.decoded(), id: "lab")
        let again = Self.decoded()
        #expect(Self.storage(again) != Self.storage(first), "decoded anew: storage of its own")
        #expect(Self.storage(studies.shared(again, id: "lab")) == Self.storage(first))

        let changed = Self.decoded(prompt: "Open the sheet, then close it")
        let replaced = studies.shared(changed, id: "lab")
        #expect(replaced == changed && Self.storage(replaced) != Self.storage(first))
        #expect(Self.storage(studies.shared(Self.decoded(), id: "other")) != Self.storage(first), "per study id")
    }
}
