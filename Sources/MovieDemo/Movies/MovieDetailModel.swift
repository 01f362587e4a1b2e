import FlowCore
import HTMLPresenter

/// One movie: poster, rating, summary, Rate, Add to Watched, and its cast.
final class MovieDetailModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let movie: Movie
    private let catalog: MovieCatalog
    private let account: Account

    init(movie: Movie, catalog: MovieCatalog, account: Account) {
        self.movie = movie
        self.catalog = catalog
        self.account = account
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        var values: TemplateValue = [
            "title": .string(movie.title), "subtitle": .string(movie.subtitle), "stars": .string(movie.stars),
            "poster": movie.poster, "tint": .string("tint-\(movie.tint)"),
            "summary": .string(movie.summary), "rate": actions.step(MovieStep.rate(id: movie.id)),
            "isWatched": .bool(account.watched.contains(movie.id)),
            "addToWatched": actions.step(MovieStep.addToWatched(id: movie.id)),
            "cast": .list(
                catalog.cast(of: movie).map { person in
                    ["name": .string(person.name), "open": actions.step(MovieStep.person(id: person.id))]
                }),
        ]
        if let stars = account.ratings[movie.id] {
            values["yourRating"] = .string(
                starRating(stars))
        }
        return values
    }
}
