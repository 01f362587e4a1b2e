import Foundation

/// Lays out DOT with Graphviz's `dot` (Debian's `graphviz` package), found on the `PATH`.
public enum Graphviz {
    /// Why no picture was made.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No `dot` on the `PATH`.
        case notInstalled
        /// `dot` ran and refused.
        case failed(status: Int32, message: String)

        /// What to do about it.
        public var description: String {
            switch self {
            case .notInstalled:
                "Graphviz's dot is not installed: install it (Debian: apt-get install graphviz) to draw the flow map"
            case .failed(let status, let message):
                "dot exited with status \(status): \(message)"
            }
        }
    }

    /// The SVG of `dot`'s layout; `dot` is looked for in `searchPath` (the `PATH` by default).
    public static func svg(from dot: String, searchPath: String? = nil) throws(Failure) -> String {
        guard
            let executable = executable(
                in: searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        else { throw .notInstalled }
        // Files, not pipes: a big graph would fill a pipe that is not read while it is written.
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-dot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appending(path: "map.dot")
        let output = folder.appending(path: "map.svg")
        let errors = folder.appending(path: "errors.txt")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-Tsvg", "-o", output.path, input.path]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(dot.utf8).write(to: input)
            try Data().write(to: errors)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        } catch {
            throw .failed(status: -1, message: "\(error)")
        }
        process.waitUntilExit()
        let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0, let svg = try? String(contentsOf: output, encoding: .utf8) else {
            throw .failed(status: process.terminationStatus, message: message)
        }
        return svg
    }

    private static func executable(in path: String) -> URL? {
        for folder in path.split(separator: ":") {
            let candidate = URL(filePath: String(folder)).appending(path: "dot")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
