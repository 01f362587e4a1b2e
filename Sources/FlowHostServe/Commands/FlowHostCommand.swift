import ArgumentParser
import FlowHostApp
import Foundation
import HTMLPresenter

/// An app's own executable: `serve` (the default), `export`, `map`, `check`, `snapshot` and `study rerun`, for that app, with
/// the same options and messages as `flowhost`'s; `--help` lists them.
///
/// ```swift
/// // main.swift of NotesServer: `swift run NotesServer`, `swift run NotesServer export --out site`
/// await FlowHostCommand.main(appName: "Notes", app: makeNotesApp)
/// ```
///
/// The folders default to `Templates/` and `Public/` of the package that holds the calling file;
/// `--templates` and `--public` name others. Its help and messages name it as it was started
/// (`USAGE: NotesServer <subcommand>`).
public struct FlowHostCommand: AsyncParsableCommand {
    /// The commands, `serve` first (the default), under the executable's own name.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: executableName,
            abstract: "Serve, export, map, check and snapshot a FlowHost prototype, and re-run its studies.",
            subcommands: [
                ServeCommand.self, ExportCommand.self, MapCommand.self, CheckCommand.self, SnapshotCommand.self,
                StudyCommand.self,
            ],
            defaultSubcommand: ServeCommand.self)
    }

    /// The name this process was started by (`NotesServer` for `swift run NotesServer`, or a
    /// link's name), as a shell user types it; ArgumentParser would name the command after this
    /// type instead (`flow-host-command`), which no one can run.
    static var executableName: String {
        let started = CommandLine.arguments.first.map { URL(filePath: $0).lastPathComponent } ?? ""
        return started.isEmpty ? "app" : started
    }

    /// Made by ArgumentParser.
    public init() {}

    /// Parses the command line and runs the command for the app `makeApp` makes (named `appName`
    /// in messages) from the folders of the package that holds `filePath`. A bad option, template
    /// or folder ends the process with its message and a non-zero status.
    public static func main(
        appName: String, packageContaining filePath: String = #filePath,
        app makeApp: @escaping @Sendable (AppFolders) throws -> WebApp
    ) async {
        await main(
            Self.self, appName: appName, defaultFolders: { try AppFolders(packageContaining: filePath) }, app: makeApp)
    }

    /// Parses the command line with `root` (a command of your own whose subcommands include
    /// ``ExportCommand``, ``MapCommand``, ``CheckCommand`` or ``FlowHostCommand``'s others) and runs
    /// it for the app `makeApp` makes from `defaultFolders` (or what `--templates` and `--public`
    /// name), exiting as ``main(appName:packageContaining:app:)`` does. `flowhost` itself is such
    /// a root: the sample's commands plus `init`.
    public static func main<Root: ParsableCommand>(
        _ root: Root.Type, appName: String, defaultFolders: @escaping @Sendable () throws -> AppFolders,
        app makeApp: @escaping @Sendable (AppFolders) throws -> WebApp
    ) async {
        let app = AppDefinition(name: appName, defaultFolders: defaultFolders, make: makeApp)
        do {
            var command = try Root.parseAsRoot(Array(CommandLine.arguments.dropFirst()))
            try await AppDefinition.$current.withValue(app) {
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            }
        } catch {
            Root.exit(withError: error)
        }
    }
}
