import FlowCore
import HTMLPresenter

/// The main-actor half of a session: its window and the coordinator of its root flow.
@MainActor
final class SessionScene {
    let window = HTMLWindow()
    private(set) var coordinator: FlowCoordinator?
    private var loggedSequence = 0

    /// Starts `app`'s root flow in a new window.
    init(app: WebApp) {
        coordinator = app.start(window)
    }

    /// Waits, at most `timeout`, for the steps in flight to be navigated.
    func settle(timeout: Duration) async {
        await coordinator?.waitUntilIdle(timeout: timeout)
    }

    /// The navigation log entries recorded since the last call, for the step log.
    func newLogEntries() -> [NavigationLogEntry] {
        guard let coordinator else { return [] }
        let entries = coordinator.log(after: loggedSequence)
        loggedSequence = entries.last?.sequence ?? loggedSequence
        return entries
    }

    /// Releases the window's tree and the coordinator: the session ended.
    func close() {
        window.onChange = nil
        window.rootViewController = nil
        coordinator = nil
    }
}
