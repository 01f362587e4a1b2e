import ArgumentParser

/// `study`: what is done with a study besides serving it. `study rerun ID` replays every recorded
/// tester's path of the study on today's build and exits 1 when a path that reached its goal no
/// longer does (for CI).
public struct StudyCommand: AsyncParsableCommand {
    /// Its name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "study", abstract: "Work with the studies kept in the click path store.",
        subcommands: [StudyRerunCommand.self])

    /// Made by ArgumentParser.
    public init() {}
}
