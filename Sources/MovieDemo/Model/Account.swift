/// What one signed-in user of the sample has: shared by the flows of one browser session.
@MainActor
final class Account {
    /// The demo credentials, shown on the login screen.
    static let demoEmail = "ada@example.com"
    static let demoPassword = "flowhost"

    let email: String
    /// Movie ids, in the order they were added.
    private(set) var watched: [Int] = []
    /// Ratings given, 1 to 5, by movie id.
    private(set) var ratings: [Int: Int] = [:]
    /// Whether restricted titles open.
    var showsRestrictedTitles = false

    init(email: String) {
        self.email = email
    }

    func addToWatched(_ movie: Movie) {
        if !watched.contains(movie.id) { watched.append(movie.id) }
    }

    func rate(_ movie: Movie, stars: Int) {
        ratings[movie.id] = stars
    }
}
