import ArgumentParser

@main
struct FlowHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowhost",
        abstract: "Serve RxFlow-style flows as a clickable web prototype.",
        subcommands: [Serve.self, Check.self, Init.self, Export.self, MapCommand.self],
        defaultSubcommand: Serve.self)
}
