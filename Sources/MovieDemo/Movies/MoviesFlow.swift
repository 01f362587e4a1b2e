import FlowCore
import HTMLPresenter

/// The Movies tab: list -> detail -> cast member -> their movies -> detail ..., the rating flow
/// presented modally, "Add to Watched" confirmed by an alert, restricted titles refused in `adapt`.
final class MoviesFlow: Flow {
    private let navigationController = HTMLNavigationController()
    private let account: Account
    private let catalog = MovieCatalog.bundled
    var root: any Presentable { navigationController }

    init(account: Account) {
        self.account = account
        navigationController.prefersLargeTitles = true
    }

    func adapt(step: any Step) async -> (any Step)? {
        if case MovieStep.detail(let id) = step, let movie = catalog.movie(id), movie.restricted,
            !account.showsRestrictedTitles
        {
            return MovieStep.restricted(id: id)
        }
        return step
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? MovieStep else { return .none }
        switch step {
        case .list:
            let model = MovieListModel(rows: .bundled)
            return show(
                HTMLViewController(template: "movies/list", viewModel: model, title: "Movies"), model, push: false)
        case .detail(let id):
            guard let movie = catalog.movie(id) else { return .none }
            let model = MovieDetailModel(movie: movie, catalog: catalog, account: account)
            let screen = HTMLViewController(template: "movies/detail", viewModel: model, title: movie.title)
            screen.navigationItem.largeTitleDisplayMode = .never
            return show(screen, model, push: true)
        case .person(let id):
            guard let person = catalog.person(id) else { return .none }
            let model = PersonModel(person: person, catalog: catalog)
            let screen = HTMLViewController(template: "movies/person", viewModel: model, title: person.name)
            screen.navigationItem.largeTitleDisplayMode = .never
            return show(screen, model, push: true)
        case .restricted(let id):
            let title = catalog.movie(id)?.title ?? "This title"
            return alert(
                HTMLAlertController(
                    title: "Restricted",
                    message: "“\(title)” is a restricted title. Turn on Show restricted titles in Profile to open it."),
                actions: [HTMLAlertAction(title: "OK", style: .cancel)])
        case .rate(let id):
            guard let movie = catalog.movie(id) else { return .none }
            let ratingFlow = RatingFlow(movie: movie, account: account)
            Flows.use(ratingFlow, when: .created) { [navigationController] (sheet: HTMLNavigationController) in
                navigationController.present(sheet)
            }
            return .one(
                flowContributor: .contribute(
                    withNextPresentable: ratingFlow, withNextStepper: OneStepper(withSingleStep: RatingStep.rate)))
        case .ratingDone:
            navigationController.presentedViewController?.dismiss()
            return .none
        case .addToWatched(let id):
            guard let movie = catalog.movie(id) else { return .none }
            return alert(
                HTMLAlertController(title: "Add to Watched?", message: "“\(movie.title)” will be listed in Watched."),
                actions: [
                    HTMLAlertAction(title: "Cancel", style: .cancel),
                    HTMLAlertAction(title: "Add", step: MovieStep.addedToWatched(id: id)),
                ])
        case .addedToWatched(let id):
            if let movie = catalog.movie(id) { account.addToWatched(movie) }
            return .none
        }
    }

    private func show(_ screen: HTMLViewController, _ model: any Stepper, push: Bool) -> FlowContributors {
        if push {
            navigationController.pushViewController(screen)
        } else {
            navigationController.setViewControllers([screen])
        }
        return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: model))
    }

    private func alert(_ alert: HTMLAlertController, actions: [HTMLAlertAction]) -> FlowContributors {
        for action in actions { alert.addAction(action) }
        navigationController.present(alert)
        return .one(flowContributor: .contribute(withNextPresentable: alert, withNextStepper: alert))
    }
}
