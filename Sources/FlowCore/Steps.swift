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
    private var listeners: [Listener] = []
    private var nextListenerID = 0

    /// Creates an outlet that nobody listens to yet.
    public init() {}

    /// Emits a step to every listening coordinator.
    public func send(_ step: any Step) {
        guard !(step is NoneStep) else { return }
        for listener in listeners {
            listener.deliver(step)
        }
    }

    /// Adds a listener; listeners retired before are removed now, so a stepper contributed again
    /// and again does not accumulate them.
    func listen(_ deliver: @escaping @MainActor (any Step) -> Void) -> Int {
        listeners.removeAll(where: \.isRetired)
        nextListenerID += 1
        listeners.append(Listener(id: nextListenerID, deliver: deliver))
        return nextListenerID
    }

    /// Marks a listener whose coordinator no longer navigates these steps. It still receives them
    /// (to log them as dropped) until the stepper is listened to again.
    func retire(_ id: Int) {
        if let index = listeners.firstIndex(where: { $0.id == id }) {
            listeners[index].isRetired = true
        }
    }

    private struct Listener {
        let id: Int
        let deliver: @MainActor (any Step) -> Void
        var isRetired = false
    }
}
