/// A stepper's outlet: every step sent here goes to the coordinators that listen to the stepper.
///
/// Delivery is synchronous, on the main actor, in the order of `send` calls. A ``NoneStep`` is
/// ignored.
///
/// ```swift
/// final class MovieListViewModel: Stepper {
///     let steps = Steps()
///     func pick(_ movie: Movie) { steps.send(MovieStep.movieDetail(id: movie.id)) }
/// }
/// ```
@MainActor
public final class Steps {
    /// Almost always one: the subscription of the coordinator that listens.
    private var listeners = InlineList<Listener>()

    /// Creates an outlet that nobody listens to yet.
    public init() {}

    /// Emits a step to every listener, in the order they started listening.
    public func send(_ step: any Step) {
        guard !(step is NoneStep) else { return }
        for listener in listeners {
            listener.deliver(step)
        }
    }

    /// Adds a coordinator's subscription. Subscriptions that stopped listening before are removed
    /// now, so a stepper contributed again and again does not accumulate them; until then a
    /// stopped subscription still receives the steps (to log them as dropped).
    func listen(_ subscription: StepSubscription) {
        listeners.removeAll(where: \.isRetired)
        listeners.append(.subscription(subscription))
    }

    /// Adds a listener that is never removed (a ``CompositeStepper`` forwarding its inner steppers).
    func listen(_ deliver: @escaping @MainActor (any Step) -> Void) {
        listeners.removeAll(where: \.isRetired)
        listeners.append(.forward(deliver))
    }

    @MainActor
    private enum Listener {
        /// A coordinator's subscription, told directly (no closure to allocate).
        case subscription(StepSubscription)
        case forward(@MainActor (any Step) -> Void)

        func deliver(_ step: any Step) {
            switch self {
            case .subscription(let subscription): subscription.receive(step)
            case .forward(let deliver): deliver(step)
            }
        }

        /// A subscription whose coordinator no longer navigates these steps.
        var isRetired: Bool {
            if case .subscription(let subscription) = self { return subscription.state != .listening }
            return false
        }
    }
}
