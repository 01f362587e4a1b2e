import FlowCore
import HTMLPresenter

enum RatingStep: Step, Equatable {
    case rate
    case rated(stars: Int)
    case cancel
    case done
}

/// Rating a movie, presented modally with its own stack: rate -> thanks. Cancel and Done end the
/// flow; the movies flow dismisses it.
final class RatingFlow: Flow {
    private let navigationController = HTMLNavigationController()
    private let movie: Movie
    private let account: Account
    var root: any Presentable { navigationController }

    init(movie: Movie, account: Account) {
        self.movie = movie
        self.account = account
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? RatingStep else { return .none }
        switch step {
        case .rate:
            let model = RateModel(movie: movie, current: account.ratings[movie.id])
            let screen = HTMLViewController(template: "rating/rate", viewModel: model, title: "Rate")
            screen.navigationItem.leftBarButtonItems = [BarButtonItem(title: "Cancel", step: RatingStep.cancel)]
            navigationController.setViewControllers([screen])
            return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: model))
        case .rated(let stars):
            account.rate(movie, stars: stars)
            let model = ThanksModel(movie: movie, stars: stars)
            let screen = HTMLViewController(template: "rating/thanks", viewModel: model, title: "Thanks")
            screen.navigationItem.hidesBackButton = true
            screen.navigationItem.rightBarButtonItems = [
                BarButtonItem(title: "Done", style: .done, step: RatingStep.done)
            ]
            navigationController.pushViewController(screen)
            return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: model))
        case .cancel, .done:
            return .end(forwardToParentFlowWithStep: MovieStep.ratingDone)
        }
    }
}

/// Five choices, one to five stars.
final class RateModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let movie: Movie
    private let current: Int?

    init(movie: Movie, current: Int?) {
        self.movie = movie
        self.current = current
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "title": .string(movie.title), "poster": movie.poster, "tint": .string("tint-\(movie.tint)"),
            "choices": .list(
                (1...5).reversed().map { stars in
                    [
                        "stars": .string(
                            starRating(stars)),
                        "label": .string(stars == 1 ? "1 star" : "\(stars) stars"),
                        "isCurrent": .bool(stars == current),
                        "choose": actions.step(RatingStep.rated(stars: stars)),
                    ]
                }),
        ]
    }
}

/// The rating given.
final class ThanksModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let movie: Movie
    private let stars: Int

    init(movie: Movie, stars: Int) {
        self.movie = movie
        self.stars = stars
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "title": .string(movie.title),
            "stars": .string(starRating(stars)),
            "done": actions.step(RatingStep.done),
        ]
    }
}
