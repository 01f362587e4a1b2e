import ArgumentParser
import Foundation
import Testing

@testable import FlowHostServe

@Suite("An app's own executable")
struct FlowHostCommandTests {
    @Test("its help names the executable as it was started (NotesServer), not the command's type")
    func helpNamesTheExecutable() {
        // This test process is such an executable: its name is the one to see.
        let executable = URL(filePath: CommandLine.arguments[0]).lastPathComponent
        let help = FlowHostCommand.helpMessage(columns: 1000)
        #expect(help.contains("USAGE: \(executable) <subcommand>"), "\(help)")
        #expect(!help.contains("flow-host-command"))
        let export = FlowHostCommand.helpMessage(for: ExportCommand.self, columns: 1000)
        #expect(export.contains("USAGE: \(executable) export --out <out>"), "\(export)")
    }
}
