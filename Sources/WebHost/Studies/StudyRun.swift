import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter

/// Where a tester is in their study, kept in their session's memory (``Session/studyRun``): the
/// task under way, how many of their events the store holds, their path through the tasks that
/// ended, which the store keeps as the tester's copy (``ClickPathStore/record(_:ofTester:at:path:)``),
/// the screen on show and the events that wait for the store.
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
    /// The label of each entry of ``path`` (`StudyTester.labels`).
    var labels: [String?] = []
    /// The labels of the clicks of the task under way, by their entry in its window's path.
    var windowLabels: [Int: String] = [:]
    /// The screen of the task under way on show (its storyboard id), since when; nil before the
    /// task's first page.
    var shown: (screen: String, since: Date)?
    /// Events of the task under way that wait for the store (screen times, misclicks, that the
    /// script ran): written with the task's end, or the session's, not one store write per click.
    var pending: [StudyEvent] = []
    /// Whether `flowhost.js` said it ran on a page of the task under way.
    var scriptRan = false

    /// At most this many events wait in memory: past it a tester's misclicks (a script posting in
    /// a loop) are dropped, so a tester costs bounded memory; the store bounds what it keeps too.
    static let maxPendingEvents = 256

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

    /// Notes that the task under way shows the screen `screen` (its storyboard id) from `now`: the
    /// screen shown before waits with its time.
    mutating func show(screen: String, at now: Date) {
        guard current != nil, shown?.screen != screen else { return }
        closeScreen(at: now)
        shown = (screen, now)
    }

    /// The screen on show stops being shown at `now`: its time waits for the store.
    mutating func closeScreen(at now: Date) {
        if let shown {
            wait(
                StudyEvent(
                    task: task, at: now,
                    kind: .screenTime(screen: shown.screen, seconds: now.timeIntervalSince(shown.since))))
        }
        shown = nil
    }

    /// Notes a click at `x`, `y` (fractions of the screen) on the screen `screen` that hit no
    /// action, and that the script runs; false, noting nothing, when no task is under way or
    /// `screen` is not the one on show.
    mutating func misclick(screen: String, x: Double, y: Double, at now: Date) -> Bool {
        guard noteScriptRan(screen: screen, at: now) else { return false }
        wait(StudyEvent(task: task, at: now, kind: .misclick(screen: screen, x: x, y: y)))
        return true
    }

    /// Notes that `flowhost.js` runs on the screen `screen`, once per task; false when no task is
    /// under way or `screen` is not the one on show.
    mutating func noteScriptRan(screen: String, at now: Date) -> Bool {
        guard current != nil, shown?.screen == screen else { return false }
        if !scriptRan {
            scriptRan = true
            wait(StudyEvent(task: task, at: now, kind: .scriptRan))
        }
        return true
    }

    /// Whether no more events may wait (``maxPendingEvents``).
    var isPendingFull: Bool { pending.count >= Self.maxPendingEvents }

    /// The events waiting, which the caller writes: none wait any more.
    mutating func takePending() -> [StudyEvent] {
        defer { pending = [] }
        return pending
    }

    /// The labels of the tester's copy: those of the tasks that ended, then of the `windowEntries`
    /// entries of the task under way's window.
    func copyLabels(windowEntries: Int) -> [String?] {
        (0..<path.entries.count).map { $0 < labels.count ? labels[$0] : nil }
            + (0..<windowEntries).map { windowLabels[$0] }
    }

    /// Notes that a click on an action labelled `label` became the entry `entry` of the task's
    /// window path, unless the label holds a value of `typed` (a view model may show what was typed
    /// on a button): a later entry's label, from a path that went back since, is forgotten.
    mutating func noteClick(label: String, entry: Int, typed: [String]) {
        windowLabels = windowLabels.filter { $0.key < entry }
        guard !typed.contains(where: { !$0.isEmpty && label.contains($0) }) else { return }
        var label = label
        if label.count > StudyTester.maxLabelLength {
            label = String(label.prefix(StudyTester.maxLabelLength - 1)) + "…"
        }
        windowLabels[entry] = label
    }

    /// The next task is under way, with nothing shown or noted of it yet; `labels` are those of
    /// `path`.
    mutating func beginNextTask(after path: ClickPath, labels: [String?]) {
        self.path = path
        self.labels = labels
        windowLabels = [:]
        task += 1
        shown = nil
        scriptRan = false
    }

    private mutating func wait(_ event: StudyEvent) {
        guard !isPendingFull else { return }
        pending.append(event)
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

extension StudyRun {
    /// The run of `tester` of the study `study` (its id `studyID`), as the store keeps them: a
    /// session rebuilt from the store goes on at the task under way. Its path is the copy up to the
    /// entry where that task started (a copy written at a leaving mid-task runs further: that part
    /// is the session's own stored path, which the rebuild replays).
    init(studyID: String, study: Study, tester: StudyTester) {
        self.init(studyID: studyID, study: study)
        task = tester.events.count(where: \.endsTask)
        storedEvents = tester.events.count
        scriptRan = tester.events.contains { $0.task == task && $0.kind == .scriptRan }
        let startedAt = tester.events.compactMap { event -> Int? in
            guard event.task == task, case .started(let entry) = event.kind else { return nil }
            return entry
        }.last
        path = startedAt.map { ClickPath(Array(tester.path.entries.prefix($0))) } ?? tester.path
        labels = Array(tester.labels.prefix(path.entries.count))
    }
}

extension Session {
    /// Whether a study link started this session: it shows no Share control and no inspector.
    var isTester: Bool { studyRun.withLock { $0 != nil } }

    /// Whether this session is a tester's whose last task ended: it shows the thank-you page.
    var isFinishedTester: Bool { studyRun.withLock { $0?.isFinished ?? false } }
}
