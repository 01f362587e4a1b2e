import FlowCore
import HTMLPresenter

/// Every movie of the catalog; restricted ones are marked.
final class MovieListModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let catalog: MovieCatalog

    init(catalog: MovieCatalog) {
        self.catalog = catalog
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "movies": .list(
                catalog.movies.map { movie in
                    [
                        "title": .string(movie.title), "subtitle": .string(movie.subtitle),
                        "poster": movie.poster, "tint": .string("tint-\(movie.tint)"),
                        "rating": .string(movie.rating.formatted1), "restricted": .bool(movie.restricted),
                        "open": actions.step(MovieStep.detail(id: movie.id)),
                    ]
                })
        ]
    }
}
