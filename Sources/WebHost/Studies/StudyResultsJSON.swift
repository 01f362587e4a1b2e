import FlowCrawl
import FlowHostApp

/// `/_flowhost/studies/<id>.json`: a study's results, counts only (no tester's typed value is in
/// them). A figure that cannot be known is `null`, not left out: `medianSeconds` when no tester
/// ended the task, `misclickRate` when no tester's pages ran `flowhost.js`.
struct StudyResultsJSON: Encodable {
    /// One screen of a task's scored path.
    struct Screen: Encodable {
        let name: String
        let screens: [String]
        let reached: Int
        let droppedOff: Int
        let dropOffPercent: Double
        let misclickPercent: Double?
        let medianSeconds: Double?
        let timePenalty: Double
        let score: Double

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(screens, forKey: .screens)
            try container.encode(reached, forKey: .reached)
            try container.encode(droppedOff, forKey: .droppedOff)
            try container.encode(dropOffPercent, forKey: .dropOffPercent)
            try container.encode(misclickPercent, forKey: .misclickPercent)
            try container.encode(medianSeconds, forKey: .medianSeconds)
            try container.encode(timePenalty, forKey: .timePenalty)
            try container.encode(score, forKey: .score)
        }

        private enum CodingKeys: CodingKey {
            case name, screens, reached, droppedOff, dropOffPercent, misclickPercent, medianSeconds, timePenalty, score
        }
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
        let medianSeconds: Double?
        let misclickRate: Double?
        let misclicks: Int
        let clicks: Int
        let scoredPath: String
        let screens: [Screen]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(task, forKey: .task)
            try container.encode(prompt, forKey: .prompt)
            try container.encode(testers, forKey: .testers)
            try container.encode(directSuccess, forKey: .directSuccess)
            try container.encode(indirectSuccess, forKey: .indirectSuccess)
            try container.encode(gaveUp, forKey: .gaveUp)
            try container.encode(done, forKey: .done)
            try container.encode(bounced, forKey: .bounced)
            try container.encode(underWay, forKey: .underWay)
            try container.encode(medianSeconds, forKey: .medianSeconds)
            try container.encode(misclickRate, forKey: .misclickRate)
            try container.encode(misclicks, forKey: .misclicks)
            try container.encode(clicks, forKey: .clicks)
            try container.encode(scoredPath, forKey: .scoredPath)
            try container.encode(screens, forKey: .screens)
        }

        private enum CodingKeys: CodingKey {
            case task, prompt, testers, directSuccess, indirectSuccess, gaveUp, done, bounced, underWay, medianSeconds
            case misclickRate, misclicks, clicks, scoredPath, screens
        }
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
