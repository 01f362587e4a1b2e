import FlowCore
import HTMLPresenter

/// A navigation stack of the screens A to E, and a timer screen whose step comes later.
final class StackFlow: Flow {
    private let navigationController = HTMLNavigationController()
    private let timerDelay: Duration
    var root: any Presentable { navigationController }

    private let clock: FlowClock

    init(timerDelay: Duration = .seconds(3), clock: FlowClock = FlowClock()) {
        self.timerDelay = timerDelay
        self.clock = clock
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? StackStep else { return .none }
        switch step {
        case .screen(let letter):
            return push(letterScreen(letter))
        case .back(let count):
            let stack = navigationController.viewControllers
            navigationController.popToViewController(stack[max(0, stack.count - 1 - count)])
            return .none
        case .popToRoot:
            _ = navigationController.popToRootViewController()
            return .none
        case .jump(let letter):
            let screens = StackStep.letters.prefix { $0 != letter }.map(letterScreen) + [letterScreen(letter)]
            navigationController.setViewControllers(screens.map(\.screen))
            return .multiple(
                flowContributors: screens.map { .contribute(withNextPresentable: $0.screen, withNextStepper: $0.model) }
            )
        case .timer:
            let model = TimerModel(delay: timerDelay, clock: clock)
            return push((HTMLViewController(template: "stack/timer", viewModel: model, title: "Timer"), model))
        case .timerFired:
            let model = LetterModel(letter: "⏰", title: "Time's up")
            return push((HTMLViewController(template: "stack/letter", viewModel: model, title: "Time's up"), model))
        }
    }

    private func letterScreen(_ letter: String) -> (screen: HTMLViewController, model: LetterModel) {
        let model = LetterModel(letter: letter, title: "Screen \(letter)")
        return (HTMLViewController(template: "stack/letter", viewModel: model, title: model.title), model)
    }

    private func push(_ pair: (screen: HTMLViewController, model: any Stepper)) -> FlowContributors {
        navigationController.pushViewController(pair.screen)
        return .one(flowContributor: .contribute(withNextPresentable: pair.screen, withNextStepper: pair.model))
    }
}
