import Synchronization

/// A session's ``StudyRun`` under its lock (``Session/studyRun``). Nearly every session is no
/// tester's, and a run held in place took about 120 bytes of each of them, nil or not: here a
/// session holds one word, and a tester's run lives in a box made when their run begins.
struct StudyRunSlot: ~Copyable, Sendable {
    /// A tester's run, in storage of its own. (Not private: Swift 6.3 then fails to compile a
    /// session, which makes the slot in another file.)
    final class Box {
        var run: StudyRun?

        init(_ run: StudyRun) {
            self.run = run
        }
    }

    private let box = Mutex<Box?>(nil)

    /// No run: the session is no tester's until one is set.
    init() {}

    /// Runs `body` with the run (nil for a session that is no tester's) under the lock, and keeps
    /// what `body` leaves there. The run is moved out of its box while `body` runs, so that its
    /// arrays, referenced once, grow in place.
    func withLock<Result: Sendable>(_ body: (inout StudyRun?) -> Result) -> Result {
        box.withLock { box in
            var run = box?.run
            box?.run = nil
            defer {
                switch (run, box) {
                case (let run?, let box?): box.run = run
                case (let run?, nil): box = Box(run)
                case (nil, _): box = nil
                }
            }
            return body(&run)
        }
    }
}
