import FlowCore
import HTMLPresenter

struct Movie {
    let id: Int
    let title: String
    let year: Int

    static let all = [
        Movie(id: 1, title: "Heat", year: 1995), Movie(id: 2, title: "Alien", year: 1979),
        Movie(id: 3, title: "Amélie", year: 2001),
    ]
}

final class MovieListViewModel: HTMLViewModel, Stepper {
    let steps = Steps()

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "movies": .list(
                Movie.all.map { ["title": .string($0.title), "open": actions.step(MovieStep.movieDetail(id: $0.id))] }
            )
        ]
    }
}

final class MovieDetailViewModel: HTMLViewModel {
    let movie: Movie

    init(movie: Movie) { self.movie = movie }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        ["title": .string(movie.title), "year": .int(movie.year)]
    }
}
