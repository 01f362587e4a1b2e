/// One thing a flow says after navigating: who emits next, or where a step goes on.
@MainActor
public enum FlowContributor {
    /// Listen to `withNextStepper`, gated by `withNextPresentable`: its steps are dropped while the
    /// presentable is not visible (unless `allowStepWhenNotPresented`) and after it is dismissed
    /// (unless `allowStepWhenDismissed`, which alone is enough once it is dismissed). A ``Flow`` as
    /// presentable starts a child coordinator.
    case contribute(
        withNextPresentable: any Presentable,
        withNextStepper: any Stepper,
        allowStepWhenNotPresented: Bool = false,
        allowStepWhenDismissed: Bool = false
    )
    /// Navigate `withStep` in this same flow, after the steps already waiting.
    case forwardToCurrentFlow(withStep: any Step)
    /// Navigate `withStep` in the parent flow, after the steps already waiting.
    case forwardToParentFlow(withStep: any Step)

    /// Contribute a presentable that is its own stepper (a screen with its own steps).
    public static func contribute(
        withNext presentableAndStepper: any Presentable & Stepper,
        allowStepWhenNotPresented: Bool = false,
        allowStepWhenDismissed: Bool = false
    ) -> FlowContributor {
        .contribute(
            withNextPresentable: presentableAndStepper,
            withNextStepper: presentableAndStepper,
            allowStepWhenNotPresented: allowStepWhenNotPresented,
            allowStepWhenDismissed: allowStepWhenDismissed
        )
    }
}
