import FlowCore
import HTMLPresenter

enum WatchedStep: Step, Equatable {
    case list
}

/// The Watched tab: the movies added from the Movies tab, newest first.
final class WatchedFlow: Flow {
    private let navigationController = HTMLNavigationController()
    private let account: Account
    var root: any Presentable { navigationController }

    init(account: Account) {
        self.account = account
        navigationController.prefersLargeTitles = true
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard step as? WatchedStep == .list else { return .none }
        let model = WatchedModel(account: account, catalog: .bundled)
        let screen = HTMLViewController(template: "watched/list", viewModel: model, title: "Watched")
        navigationController.setViewControllers([screen])
        return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: model))
    }
}

/// Reads the account each time the screen is captured, so an addition from the Movies tab shows
/// the next time this tab is on screen.
final class WatchedModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let account: Account
    private let catalog: MovieCatalog

    init(account: Account, catalog: MovieCatalog) {
        self.account = account
        self.catalog = catalog
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "hasMovies": .bool(!account.watched.isEmpty),
            "movies": .list(
                account.watched.reversed().compactMap(catalog.movie).map { movie in
                    [
                        "title": .string(movie.title), "subtitle": .string(movie.subtitle),
                        "poster": movie.poster, "tint": .string("tint-\(movie.tint)"),
                        "yourRating": account.ratings[movie.id].map {
                            .string(String(repeating: "★", count: $0))
                        } ?? .string(""),
                    ]
                }),
        ]
    }
}
