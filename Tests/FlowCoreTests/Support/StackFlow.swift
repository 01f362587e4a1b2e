import FlowCore
import FlowTesting

/// A flow that keeps its screens like a navigation controller: each `.detail(id)` adds a screen
/// with its own stepper; `pop()` dismisses the top one.
final class StackFlow: Flow {
    let root: any Presentable = TestPresentable("stack")
    private(set) var screens: [TestPresentable] = []
    private(set) var navigated: [TestStep] = []
    var allowStepWhenDismissed: (Int) -> Bool = { _ in false }
    var onNewStepper: (TestStepper) -> Void = { _ in }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? TestStep else { return .none }
        navigated.append(step)
        guard case .detail(let id) = step, id < 10 else { return .none }
        screens.last?.presentation.isVisible = false
        let screen = TestPresentable("detail \(id)")
        let stepper = TestStepper()
        screens.append(screen)
        onNewStepper(stepper)
        return .one(
            flowContributor: .contribute(
                withNextPresentable: screen, withNextStepper: stepper,
                allowStepWhenDismissed: allowStepWhenDismissed(id)))
    }

    func pop() {
        let top = screens.removeLast()
        top.presentation.markDismissed()
        screens.last?.presentation.isVisible = true
    }
}
