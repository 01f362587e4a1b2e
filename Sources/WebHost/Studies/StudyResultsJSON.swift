import FlowCrawl
import FlowHostApp

/// `/_flowhost/studies/<id>.json`: a study's results, counts only (no tester's typed value is in
/// them). A figure that cannot be known is `null`, not left out (``ExplicitNull``): `medianSeconds`
/// when no tester ended the task, `misclickRate` when no tester's pages ran `flowhost.js`.
struct StudyResultsJSON: Encodable {
    /// One screen of a task's scored path.
    struct Screen: Encodable {
        let name: String
        let screens: [String]
        let reached: Int
        let droppedOff: Int
        let dropOffPercent: Double
        @ExplicitNull var misclickPercent: Double?
        @ExplicitNull var medianSeconds: Double?
        let timePenalty: Double
        let score: Double
    }

    /// One task's figures.
    struct Task: Encodable {
        let task: Int
        let prompt: String
        let testers: Int
        let directSuccess: Int
        let indirectSuccess: Int
        let gaveUp: Int
        let done: Int
        let bounced: Int
        let underWay: Int
        @ExplicitNull var medianSeconds: Double?
        @ExplicitNull var misclickRate: Double?
        let misclicks: Int
        let clicks: Int
        let scoredPath: String
        let screens: [Screen]
    }

    let id: String
    let title: String
    let scoreFormula: String
    let tasks: [Task]

    /// The results of `study`.
    init(_ study: StoredStudy, _ results: StudyResults) {
        id = study.id
        title = study.study.title
        scoreFormula = StudyResults.scoreFormula
        let screens = results.storyboard.screens
        tasks = zip(study.study.tasks, results.tasks).map { task, figures in
            Task(
                task: figures.task + 1, prompt: task.prompt, testers: figures.testers,
                directSuccess: figures.directSuccess, indirectSuccess: figures.indirectSuccess, gaveUp: figures.gaveUp,
                done: figures.done, bounced: figures.bounced, underWay: figures.underWay,
                medianSeconds: figures.medianSeconds, misclickRate: figures.misclickRate, misclicks: figures.misclicks,
                clicks: figures.clicks,
                scoredPath: figures.screens.isEmpty ? "none" : figures.scoresExpectedPath ? "expected" : "shortest",
                screens: figures.screens.map { score in
                    Screen(
                        name: score.name, screens: score.screens.map { screens[$0].id }, reached: score.reached,
                        droppedOff: score.droppedOff, dropOffPercent: score.dropOffPercent,
                        misclickPercent: score.misclickPercent, medianSeconds: score.medianSeconds,
                        timePenalty: score.timePenalty, score: score.score)
                })
        }
    }
}
