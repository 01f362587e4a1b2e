import FlowCore
import HTMLPresenter

/// A flow over a window's root screen: `.open(n)` runs `onOpen(n)` and contributes what it
/// returns; every other step is recorded.
final class RecordingFlow: Flow {
    let rootScreen: HTMLViewController
    var root: any Presentable { rootScreen }
    private(set) var recorded: [ScreenStep] = []
    var onOpen: (Int) -> FlowContributors = { _ in .none }

    init(rootScreen: HTMLViewController) {
        self.rootScreen = rootScreen
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? ScreenStep else { return .none }
        if case .open(let number) = step { return onOpen(number) }
        recorded.append(step)
        return .none
    }
}
