import HTMLPresenter

/// The movie list's rows as its template reads them, less each row's action: made once per catalog
/// and shared by every session's list (immutable values), so that a capture of the list only adds
/// the actions instead of formatting 24 movies again.
struct MovieListRows: Sendable {
    /// The rows of the bundled catalog.
    static let bundled = MovieListRows(catalog: .bundled)

    /// Each movie's id and its values but `open`, in the catalog's order.
    let rows: [(id: Int, values: [TemplateKey: TemplateValue])]

    init(catalog: MovieCatalog) {
        rows = catalog.movies.map { movie in
            // Room for `open` too: the capture's copy takes it without growing (and rehashing).
            var values = [TemplateKey: TemplateValue](minimumCapacity: 7)
            values["title"] = .string(movie.title)
            values["subtitle"] = .string(movie.subtitle)
            values["poster"] = movie.poster
            values["tint"] = .string("tint-\(movie.tint)")
            values["rating"] = .string(movie.rating.formatted1)
            values["restricted"] = .bool(movie.restricted)
            return (movie.id, values)
        }
    }
}
