import Foundation

/// FlowHost's page chrome and stylesheet, shipped as resources of this module.
public enum Chrome {
    /// Chrome template names start with this.
    static let prefix = "flowhost/"

    /// The folder of static files served at `/_flowhost/` (the stylesheet, the live-update script).
    public static var publicDirectory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Public", isDirectory: true)
    }

    /// The chrome templates: `flowhost/page` and its partials.
    static let templates: [(name: String, file: String, source: String)] = {
        let directory = Bundle.module.resourceURL!.appendingPathComponent("Chrome", isDirectory: true)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".mustache") }.sorted().map { file in
            let name = prefix + file.dropLast(".mustache".count)
            let source = (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
            return (name, prefix + file, source)
        }
    }()
}
