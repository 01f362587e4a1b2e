import Foundation

extension StudyRerun {
    /// The re-run as JSON, keys sorted (`flowhost study rerun --format json`):
    ///
    /// - `title` (the study's), `summary` (``summary``), `paths`, `reaching`, `regressions` (counts);
    /// - `tasks`: per task, `task` (from 1), `prompt`, `start`, `goal`, and `shortestPath`:
    ///   `{"screens": [...], "actions": [...], "clicks": n}` (``ShortestPath``), or null;
    /// - `results`: per recorded path, `tester` and `task` (from 1), `ended` (`succeeded`, `done`,
    ///   `gaveUp`, `bounced`), `entries`, `reachesGoal`, `reachedGoalAt` (entries, or null),
    ///   `endsOn` (a screen), `regression`, and `missingStep`: `{"step": n, "screen": ...,
    ///   "action": ..., "label": ... or null, "reason": ...}` (``RerunPath/MissingStep``), or null.
    ///
    /// No typed value is in it: a path's steps are named by position, field names and the labels
    /// the tester's pages showed.
    public func json() -> Data {
        let tasks = zip(study.tasks, shortestPaths).enumerated().map { index, task -> [String: Any] in
            [
                "task": index + 1, "prompt": task.0.prompt, "start": task.0.start.description, "goal": task.0.goal,
                "shortestPath": task.1.map {
                    ["screens": $0.screens, "actions": $0.actions, "clicks": $0.clicks] as [String: Any]
                } ?? NSNull(),
            ]
        }
        let results = paths.map { path -> [String: Any] in
            [
                "tester": path.tester, "task": path.task + 1, "ended": path.ending.rawValue, "entries": path.entries,
                "reachesGoal": path.reachesGoal, "reachedGoalAt": path.reachedGoalAt ?? NSNull(),
                "endsOn": path.endsOn, "regression": path.isRegression,
                "missingStep": path.missingStep.map {
                    [
                        "step": $0.step, "screen": $0.screen, "action": $0.action, "label": $0.label ?? NSNull(),
                        "reason": $0.reason,
                    ] as [String: Any]
                } ?? NSNull(),
            ]
        }
        let report: [String: Any] = [
            "title": study.title, "summary": summary, "paths": paths.count, "reaching": reaching,
            "regressions": regressions,
            "tasks": tasks, "results": results,
        ]
        // Strings, numbers, booleans and nulls only: serializing cannot fail.
        return
            (try? JSONSerialization.data(
                withJSONObject: report, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
    }
}
