import FlowCore

extension FlowContributor {
    /// Contribute a screen with the stepper it carries (its view model, or itself: see
    /// ``HTMLViewController/stepper``), gated by the screen. A screen that carries none contributes
    /// nothing to listen to.
    ///
    /// ```swift
    /// let screen = HTMLViewController(template: "movies/list", viewModel: MovieListViewModel())
    /// navigationController.setViewControllers([screen], animated: false)
    /// return .one(flowContributor: .contribute(withNext: screen))
    /// ```
    ///
    /// - Note: For a screen that is itself a Stepper (an alert), FlowCore's `contribute(withNext:)`
    ///   applies too and means the same; this one gives way to it.
    @_disfavoredOverload
    public static func contribute(
        withNext screen: HTMLViewController,
        allowStepWhenNotPresented: Bool = false,
        allowStepWhenDismissed: Bool = false
    ) -> FlowContributor {
        .contribute(
            withNextPresentable: screen,
            withNextStepper: screen.stepper ?? NoneStepper(),
            allowStepWhenNotPresented: allowStepWhenNotPresented,
            allowStepWhenDismissed: allowStepWhenDismissed
        )
    }
}
