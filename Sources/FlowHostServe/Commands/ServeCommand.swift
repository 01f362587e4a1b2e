import ArgumentParser

/// `serve`: the app over HTTP, one coordinator per browser session.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the app; each browser session gets its own coordinator.")

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let app = AppDefinition.required
        try await options.run(appName: app.name, defaultFolders: app.defaultFolders, app: app.make)
    }
}
