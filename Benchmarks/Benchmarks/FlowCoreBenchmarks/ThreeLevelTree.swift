import FlowCore

enum BenchStep: Step {
    case start
    case next(Int)
}

/// A screen: visible until the next one replaces it.
final class BenchScreen: Presentable {
    let presentation = Presentation(isVisible: true)
}

/// A flow that starts `child` (if any) on `.start`; a leaf flow replaces its screen on each `.next`.
final class BenchFlow: Flow {
    let root: any Presentable = BenchScreen()
    let child: BenchFlow?
    let childStepper: Steps
    private var screen: BenchScreen?

    init(child: BenchFlow?, childStepper: Steps) {
        self.child = child
        self.childStepper = childStepper
    }

    func adapt(step: any Step) async -> (any Step)? { step }

    func navigate(to step: any Step) -> FlowContributors {
        switch step as? BenchStep {
        case .start:
            guard let child else { return .none }
            return .one(
                flowContributor: .contribute(withNextPresentable: child, withNextStepper: BenchStepper(childStepper)))
        case .next:
            screen?.presentation.markDismissed()
            let next = BenchScreen()
            screen = next
            return .one(flowContributor: .contribute(withNextPresentable: next, withNextStepper: NoneStepper()))
        case nil:
            return .none
        }
    }
}

/// A stepper around an outlet the benchmark sends to, starting its flow with `.start`.
final class BenchStepper: Stepper {
    let steps: Steps
    var initialStep: any Step { BenchStep.start }
    init(_ steps: Steps) { self.steps = steps }
}

/// Root -> child -> leaf; the benchmark's steps are emitted by the leaf flow's stepper.
@MainActor
final class ThreeLevelTree {
    let coordinator = FlowCoordinator()
    let leafSteps = Steps()

    init() async {
        let leaf = BenchFlow(child: nil, childStepper: Steps())
        let middle = BenchFlow(child: leaf, childStepper: leafSteps)
        let root = BenchFlow(child: middle, childStepper: Steps())
        coordinator.coordinate(flow: root, with: BenchStepper(Steps()))
        await coordinator.waitUntilIdle()
        precondition(coordinator.childCoordinators.first?.childCoordinators.count == 1, "the tree has three levels")
    }

    func run(steps: Int, burst: Bool) async {
        for index in 0..<steps {
            leafSteps.send(BenchStep.next(index))
            if !burst || index % 1000 == 999 { await coordinator.waitUntilIdle() }
        }
        await coordinator.waitUntilIdle()
    }
}
