/// What the driver knows of the movie demo: its account, and the marks that tell its screens apart.
enum MovieDemo {
    /// The demo account's sign-in form, encoded.
    static let signInForm = "email=ada%40example.com&password=flowhost"
    static let signInTitle = "<title>Sign In</title>"
    static let emailField = #"name="email""#
    /// The movie list, the first tab after sign-in.
    static let moviesTitle = "<title>Movies</title>"
    /// A row of a list that opens something (on the movie list: a movie).
    static let row = #"class="cell is-link""#
    /// The navigation bar's Back button.
    static let backButton = #"class="nav-back""#
    /// A screen pushed on the movie list: its Back button is labelled Movies.
    static let backToMovies = #"<span class="nav-back-label">Movies</span>"#
}
