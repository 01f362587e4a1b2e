/// A coordinator listening to one stepper: it gates each step on its presentable and queues what
/// passes.
///
/// The stepper's ``Steps`` holds the subscription (so that a step from a stepper kept alive
/// elsewhere is still logged as dropped), and so does the presentable's ``Presentation`` while it
/// gates the steps (to be told of its dismissal); the subscription holds its coordinator and
/// presentable weakly, so nothing here keeps a finished flow alive.
@MainActor
final class StepSubscription {
    enum State {
        case listening
        case dismissed
        case ended
    }

    private(set) var state = State.listening
    private let tree: NavigationTree
    private weak var coordinator: FlowCoordinator?
    private weak var presentable: (any Presentable)?
    private let stepperType: Any.Type
    private let gatesVisibility: Bool
    private let allowsStepWhenDismissed: Bool

    init(
        coordinator: FlowCoordinator, stepper: any Stepper, presentable: (any Presentable)?,
        gatesVisibility: Bool, allowsStepWhenDismissed: Bool
    ) {
        self.tree = coordinator.tree
        self.coordinator = coordinator
        self.presentable = presentable
        self.stepperType = type(of: stepper)
        self.gatesVisibility = gatesVisibility
        self.allowsStepWhenDismissed = allowsStepWhenDismissed
        stepper.steps.listen(self)
    }

    /// Gates and queues a step the stepper sent.
    func receive(_ step: any Step) {
        receive(step, origin: .stepper(stepperType))
    }

    /// Gates and queues the stepper's initial step.
    func receiveInitialStep(_ step: any Step) {
        guard !(step is NoneStep) else { return }
        receive(step, origin: .initialStep(of: stepperType))
    }

    /// The presentable was dismissed: from now on steps are dropped as `dismissed`, and the
    /// coordinator lets the stepper and presentable go.
    func presentableDismissed() {
        guard state == .listening else { return }
        state = .dismissed
        coordinator?.stopListening(to: self)
    }

    /// The flow ended: from now on steps are dropped as `flowEnded`.
    func flowEnded() {
        state = .ended
    }

    private func receive(_ step: any Step, origin: StepOrigin) {
        let flowType = coordinator?.flowType
        switch state {
        case .ended:
            tree.record(step, origin: origin, flow: flowType, outcome: .dropped(.flowEnded))
        case .dismissed:
            tree.record(step, origin: origin, flow: flowType, outcome: .dropped(.dismissed))
        case .listening:
            guard let coordinator else {
                tree.record(step, origin: origin, flow: nil, outcome: .dropped(.flowEnded))
                return
            }
            if let presentable {
                let presentation = presentable.presentation
                if presentation.isDismissed && !allowsStepWhenDismissed {
                    tree.record(step, origin: origin, flow: flowType, outcome: .dropped(.dismissed))
                    return
                }
                // A dismissed presentable never becomes visible again: `allowStepWhenDismissed`
                // alone lets its steps through.
                if gatesVisibility && !presentation.isVisible && !presentation.isDismissed {
                    tree.record(step, origin: origin, flow: flowType, outcome: .dropped(.notVisible))
                    return
                }
            }
            tree.enqueue(step, for: coordinator, origin: origin)
        }
    }
}
