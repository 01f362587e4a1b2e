import FlowHostApp
import HTMLPages
import HTMLPresenter

/// Where a tester is in their study, kept in their session's memory (``Session/studyRun``): the
/// task under way, how many of their events the store holds, and their path through the tasks
/// that ended, which the store keeps as the tester's copy (``ClickPathStore/record(_:ofTester:at:path:)``).
///
/// Each task runs in a fresh window of the session, opened at the task's start: the copy is each
/// task's window path after the other's, and each task's `started` event says where its part begins,
/// so a task's part replays from its start alone.
struct StudyRun: Sendable {
    /// The study's id in the store.
    let studyID: String
    /// What it asks.
    let study: Study
    /// The task under way, by index; the number of tasks once the last one ended.
    var task = 0
    /// How many of the tester's events the store holds (where the next ones append).
    var storedEvents = 0
    /// The tester's path through the tasks that ended.
    var path = ClickPath()

    /// The task under way; nil once the last one ended.
    var current: StudyTask? { task < study.tasks.count ? study.tasks[task] : nil }

    /// Whether the last task ended.
    var isFinished: Bool { current == nil }

    /// Whether the screen `screen` (its storyboard id) of template `template` is a goal of the task
    /// under way: a goal names it by its id, or by its template.
    func isGoal(screen: String, template: String?) -> Bool {
        guard let current else { return false }
        return current.goal.contains { $0 == screen || $0 == template }
    }

    /// The prompt of the task under way, with its forms; nil once the last one ended.
    var prompt: PageLinks.TaskPrompt? {
        current.map {
            PageLinks.TaskPrompt(
                prompt: $0.prompt, progress: "Task \(task + 1) of \(study.tasks.count)",
                doneURL: FlowHostRoute.studyDone.url, giveUpURL: FlowHostRoute.studyGiveUp.url)
        }
    }
}

extension Session {
    /// Whether a study link started this session: it shows no Share control and no inspector.
    var isTester: Bool { studyRun.withLock { $0 != nil } }

    /// Whether this session is a tester's whose last task ended: it shows the thank-you page.
    var isFinishedTester: Bool { studyRun.withLock { $0?.isFinished ?? false } }
}
