import FlowHostApp

extension FlowHostRoute {
    /// How a study's results are asked for.
    public enum StudyResultsFormat: String, Sendable, CaseIterable {
        /// The page (`/_flowhost/studies/<id>`).
        case html
        /// `/_flowhost/studies/<id>.json`.
        case json
        /// `/_flowhost/studies/<id>.csv`, one row a task.
        case csv

        /// What follows the study's id in its URL.
        var suffix: String { self == .html ? "" : "." + rawValue }
    }

    static let studyResultsPrefix = "/_flowhost/studies/"
    static let openTesterPartSuffix = "/open"

    /// `<id>`, `<id>.json`, `<id>.csv` or `<id>/open` as a route, when the id can be a study's.
    static func studyResults(_ rest: Substring) -> FlowHostRoute? {
        if rest.hasSuffix(openTesterPartSuffix) {
            let id = String(rest.dropLast(openTesterPartSuffix.count))
            return StudyFile.isID(id) ? .openTesterPart(study: id) : nil
        }
        for format in StudyResultsFormat.allCases where format != .html && rest.hasSuffix(format.suffix) {
            let id = String(rest.dropLast(format.suffix.count))
            return StudyFile.isID(id) ? .studyResults(id: id, format) : nil
        }
        return StudyFile.isID(String(rest)) ? .studyResults(id: String(rest), .html) : nil
    }
}
