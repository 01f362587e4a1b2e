import FlowCore
import HTMLPresenter

enum MovieStep: Step {
    case movieList
    case movieDetail(id: Int)
}

final class MovieFlow: Flow {
    let navigationController = HTMLNavigationController()
    var root: any Presentable { navigationController }

    func adapt(step: any Step) async -> (any Step)? {
        // A permission check may suspend; nil drops the step.
        step
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? MovieStep else { return .none }
        switch step {
        case .movieList:
            let screen = HTMLViewController(template: "movies/list", viewModel: MovieListViewModel(), title: "Movies")
            navigationController.setViewControllers([screen], animated: false)
            // The screen carries its stepper, the view model; its steps are dropped while it is not visible.
            return .one(flowContributor: .contribute(withNext: screen))
        case .movieDetail(let id):
            guard let movie = Movie.all.first(where: { $0.id == id }) else { return .none }
            let screen = HTMLViewController(
                template: "movies/detail", viewModel: MovieDetailViewModel(movie: movie), title: movie.title)
            navigationController.pushViewController(screen, animated: true)
            return .none  // the detail emits no steps; the back button is the navigation controller's
        }
    }
}
