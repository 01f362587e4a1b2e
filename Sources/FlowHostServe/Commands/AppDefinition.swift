import FlowHostApp
import HTMLPresenter

/// The app the commands of ``FlowHostCommand`` act on: its name, where its folders are by default,
/// and how it is made from them. Set for the length of one command line (a task-local value), so
/// that the commands stay plain values that ArgumentParser makes.
struct AppDefinition: Sendable {
    /// How the start-up line and messages name the app ("FlowHost serves Notes at ...").
    let name: String
    /// The folders when neither `--templates` nor `--public` is given.
    let defaultFolders: @Sendable () throws -> AppFolders
    /// Makes the app from its folders (loading its templates checks them).
    let make: @Sendable (AppFolders) throws -> WebApp

    /// The app of the command line being run.
    @TaskLocal static var current: AppDefinition?

    /// The app of the command line being run; a command run outside ``FlowHostCommand/main(appName:packageContaining:app:)``
    /// is a programming error.
    static var required: AppDefinition {
        guard let current else {
            preconditionFailure(
                "FlowHost's commands run inside FlowHostCommand.main(appName:app:), which names the app")
        }
        return current
    }
}
