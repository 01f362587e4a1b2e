import FlowHostApp

extension [StudyEvent] {
    /// The events of this batch that the store keeps when it has room for only `room` more of a
    /// tester's (`ClickPathStoreLimits.maxEventsPerTester`), in their order: first
    /// those that start or end a task (results count a task's outcome from them), then that the
    /// script ran (its misclicks count only with it), then the newest others.
    func fitting(into room: Int) -> [StudyEvent] {
        guard count > room else { return self }
        guard room > 0 else { return [] }
        func rank(_ event: StudyEvent) -> Int {
            switch event.kind {
            case .started, .succeeded, .done, .gaveUp: 0
            case .scriptRan: 1
            case .screenTime, .misclick: 2
            }
        }
        // The newest first within a rank: a stable sort over the events reversed.
        let kept = indices.reversed().sorted { rank(self[$0]) < rank(self[$1]) }.prefix(room)
        return kept.sorted().map { self[$0] }
    }
}
