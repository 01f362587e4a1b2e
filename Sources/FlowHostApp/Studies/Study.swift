/// A study: a question put to testers of a prototype, as tasks they try one after the other
/// ("find a movie and rate it"). Its results are figures folded from the testers' recorded click
/// paths and events; re-running it replays those paths on a new build.
///
/// Written without code as a JSON file (``StudyFile``), `Studies/NAME.json` in the app's package:
///
/// ```json
/// {"title": "Rating", "tasks": [{"prompt": "Rate a movie", "start": "/link/movies/1",
///   "goal": ["rating/thanks"], "expected": [["movies/detail", "rating/rate", "rating/thanks"]]}]}
/// ```
public struct Study: Sendable, Equatable, Codable {
    /// What the testers are told the study is about, on its welcome page.
    public var title: String
    /// The tasks, in the order testers get them.
    public var tasks: [StudyTask]

    /// A study of `tasks`.
    public init(title: String, tasks: [StudyTask]) {
        self.title = title
        self.tasks = tasks
    }
}
