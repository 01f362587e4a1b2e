import FlowCore
import FlowHostApp

/// What a `/link/...` URL opens. A link lands the same wherever it is opened from: signed in or
/// out, over a sheet or an alert, whatever the tab's stack held.
///
/// Three places take part, each for a reason:
/// - ``routes`` (here): which URLs are links, and the step each becomes.
/// - `AppFlow` keeps a link that arrives signed out, because the tabs it opens exist only once
///   signed in, and hands it to the `DashboardFlow` it starts.
/// - `DashboardFlow.open(_:)` lands every link, the waiting one and those that arrive signed in,
///   because it owns the tabs: it dismisses what is presented over them, selects the link's tab
///   and rebuilds that tab's stack.
///
/// The flows of the tabs see only their own steps (`MovieStep.list`, `MovieStep.detail`,
/// `StackStep.jump`), so a restricted title still meets `MoviesFlow.adapt(step:)`.
enum DeepLinkStep: Step, Equatable {
    /// `/link/movies/<id>`: the Movies tab at list -> that movie.
    case movie(id: Int)
    /// `/link/stack/<letter>`: the Stack tab at A -> ... -> that letter.
    case stack(letter: String)

    /// The sample's `/link/...` paths. An unknown movie or letter is no link (a 404 page).
    static let routes = DeepLinks()
        .adding("movies/:id", examples: [["id": "2"]]) { parameters in
            Int(parameters["id"] ?? "").flatMap { MovieCatalog.bundled.movie($0) }.map { DeepLinkStep.movie(id: $0.id) }
        }
        .adding("stack/:letter", examples: [["letter": "C"]]) { parameters in
            let letter = parameters["letter"]?.uppercased() ?? ""
            return StackStep.letters.contains(letter) ? DeepLinkStep.stack(letter: letter) : nil
        }
}
