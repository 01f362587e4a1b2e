import FlowCore
import HTMLPresenter

/// A cast member and the movies they play in.
final class PersonModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let person: Person
    private let catalog: MovieCatalog

    init(person: Person, catalog: MovieCatalog) {
        self.person = person
        self.catalog = catalog
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        let movies = catalog.movies(with: person)
        return [
            "name": .string(person.name),
            "initials": .string(String(person.name.split(separator: " ").compactMap(\.first).prefix(2))),
            "count": .string(movies.count == 1 ? "1 movie" : "\(movies.count) movies"),
            "movies": .list(
                movies.map { movie in
                    [
                        "title": .string(movie.title), "subtitle": .string(movie.subtitle),
                        "poster": movie.poster, "tint": .string("tint-\(movie.tint)"),
                        "open": actions.step(MovieStep.detail(id: movie.id)),
                    ]
                }),
        ]
    }
}
