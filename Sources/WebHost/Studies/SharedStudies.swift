import FlowHostApp
import Synchronization

/// One decoded copy of each study for the runs of all its testers: the store decodes a study
/// anew for each tester who starts or comes back (``FlowHostApp/ClickPathStore/startTester(_:fromStudyLink:)``),
/// and 10,000 live testers then held 10,000 copies of its title, prompts and screen names
/// (`Benchmarks/testers.sh` measures a tester against a signed-in session). At most one copy a
/// study id, so bounded by the store's `maxStudies`.
final class SharedStudies: Sendable {
    private let studies = Mutex<[String: Study]>([:])

    /// No study kept yet.
    init() {}

    /// `study`, the study `id` as the store just gave it, or the equal copy kept for its earlier
    /// testers; a study saved again with other tasks replaces the kept copy.
    func shared(_ study: Study, id: String) -> Study {
        studies.withLock { kept in
            if let copy = kept[id], copy == study { return copy }
            kept[id] = study
            return study
        }
    }
}
