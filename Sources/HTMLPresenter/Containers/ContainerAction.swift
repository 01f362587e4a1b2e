/// An action a container draws in its own chrome (the back button, a tab; an alert's buttons too),
/// as a type of that container's own: `HTMLNavigationController.Action.back(to:)`,
/// `HTMLTabBarController.Action.tab(_:)`. A container registers only its own kind of action (see
/// ``ContainerActions``), and each says how a storyboard draws the move it makes, so nobody reads
/// it back from a label.
public protocol ContainerAction: Sendable, CustomStringConvertible {
    /// The segue it makes (a tab, back); nil when how the screen tree changed decides (an alert's
    /// button may dismiss the alert or, with its step, navigate anywhere).
    var transition: Transition? { get }
}
