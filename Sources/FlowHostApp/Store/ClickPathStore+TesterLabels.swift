extension ClickPathStore {
    /// Appends `events` to the tester `session`'s at `start` and keeps `path` when given, with no
    /// labels (``record(_:ofTester:at:path:labels:)``).
    public func record(_ events: [StudyEvent], ofTester session: String, at start: Int, path: ClickPath?)
        async throws
    {
        try await record(events, ofTester: session, at: start, path: path, labels: [])
    }
}
