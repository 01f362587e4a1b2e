import ArgumentParser
import Foundation

/// `flowhost init NAME`: writes a new package with a prototype of its own, ready to serve and test.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a package with a clickable prototype of its own: a flow, its templates, tests.",
        discussion: """
            Writes NAME/ (or --path): Package.swift depending on FlowHost, a flow with a list, a detail and a \
            deep link, its templates and Public/, a FlowTestStore test and an HTML snapshot test, and a README \
            with the two commands: swift run NAMEServer, swift test.
            """)

    @Argument(help: "The package's name, a Swift identifier (its modules are NAME and NAMEServer).")
    var name: String

    @Option(help: "The folder to create. (default: NAME in the current folder)")
    var path: String?

    @Option(
        help: """
            Where FlowHost comes from: a git URL (http, https, ssh or git), or the path of a checkout. (default: \
            the checkout this flowhost was built from)
            """)
    var flowhost: String?

    func validate() throws {
        guard name.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]*/) != nil else {
            throw ValidationError(
                "'\(name)' is not a Swift identifier: use letters, digits and _, starting with a letter.")
        }
        if let flowhost { _ = try PackageSkeleton.dependency(flowhost) }
    }

    func run() throws {
        // A folder URL: its path ends with "/", which the message leaves out.
        let destination = URL(filePath: path ?? name, directoryHint: .isDirectory).standardizedFileURL
        let source = try PackageSkeleton.dependency(flowhost ?? PackageSkeleton.builtFromCheckout())
        do {
            try PackageSkeleton(name: name, flowhost: source).write(to: destination)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let shown = path ?? name
        print(
            """
            Created \(name) in \(destination.path(percentEncoded: false).dropLast()), depending on FlowHost at \(source.location).

                cd \(shown)
                swift run \(name)Server    # serves it at http://127.0.0.1:8080/
                swift test
            """)
    }
}
