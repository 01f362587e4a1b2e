/// The checks of a tester's events, written once for every store, as an append's are.
extension ClickPathStoreLimits {
    /// Why recording `count` events at `start` for the tester `tester`, who has `stored` events
    /// (nil: the store has no such tester), is refused; nil when they may be stored.
    ///
    /// The tester must exist and the events follow those stored
    /// (``StudyRecordError/eventStartMismatch(tester:start:stored:)``); then the bound
    /// (``StudyRecordError/tooManyEvents(tester:limit:)``).
    public func refusal(recording count: Int, ofTester tester: String, at start: Int, stored: Int?)
        -> StudyRecordError?
    {
        guard let stored, start == stored else {
            return .eventStartMismatch(tester: tester, start: start, stored: stored)
        }
        guard start + count <= maxEventsPerTester else {
            return .tooManyEvents(tester: tester, limit: maxEventsPerTester)
        }
        return nil
    }
}
