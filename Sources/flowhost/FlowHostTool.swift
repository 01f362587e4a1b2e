import ArgumentParser
import FlowHostServe
import MovieDemo

/// `flowhost`: the sample's executable (serve, export, map, check, snapshot, study rerun, as every app's own executable
/// has them: see `FlowHostCommand`) plus `init`, which writes a package of your own.
@main
struct FlowHostTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowhost",
        abstract: "Serve RxFlow-style flows as a clickable web prototype.",
        subcommands: [
            Serve.self, ExportCommand.self, MapCommand.self, CheckCommand.self, SnapshotCommand.self, StudyCommand.self,
            Init.self,
        ],
        defaultSubcommand: Serve.self)

    static func main() async {
        await FlowHostCommand.main(Self.self, appName: "the sample", defaultFolders: Serve.currentFolder) { folders in
            // relativePath: template errors name the files as they were given (`Templates/...`).
            try MovieDemo.app(templates: folders.templates.relativePath, publicDirectory: folders.publicDirectory)
        }
    }
}
