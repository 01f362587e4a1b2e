import FlowCrawl
import FlowHostApp

/// `/_flowhost/studies/<id>.csv`: one row a task, the figures of ``StudyResultsJSON`` (an unknown
/// one an empty cell). Safe to open in a spreadsheet: a cell that starts with `=`, `+`, `-` or `@`
/// (a formula there; the prompt is the study file's text), a tab or a carriage return is prefixed with `'`.
enum StudyResultsCSV {
    static let header = [
        "task", "prompt", "testers", "directSuccess", "indirectSuccess", "gaveUp", "done", "bounced", "underWay",
        "medianSeconds", "misclickRate",
    ]

    /// The CSV of `results` of `study`, with a header row, lines ended by CRLF (RFC 4180).
    static func text(_ study: StoredStudy, _ results: StudyResults) -> String {
        var rows = [header]
        for (task, figures) in zip(study.study.tasks, results.tasks) {
            rows.append(
                [
                    "\(figures.task + 1)", task.prompt, "\(figures.testers)", "\(figures.directSuccess)",
                    "\(figures.indirectSuccess)", "\(figures.gaveUp)", "\(figures.done)", "\(figures.bounced)",
                    "\(figures.underWay)", figures.medianSeconds.map { "\($0)" } ?? "",
                    figures.misclickRate.map { "\($0)" } ?? "",
                ])
        }
        return rows.map { $0.map(cell).joined(separator: ",") + "\r\n" }.joined()
    }

    /// `text` as one cell: defused when a spreadsheet would read it as a formula, quoted when it
    /// holds a comma, a quote or a line break.
    static func cell(_ text: String) -> String {
        let defused = text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
        guard defused.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return defused }
        return "\"" + defused.replacing("\"", with: "\"\"") + "\""
    }
}
