/// A step waiting for its turn in a coordinator tree.
struct PendingStep {
    let coordinator: FlowCoordinator
    let step: any Step
    let origin: StepOrigin
}
