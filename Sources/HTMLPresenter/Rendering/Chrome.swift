import Foundation

/// FlowHost's page chrome and stylesheet, shipped as resources of this module.
public enum Chrome {
    /// Chrome template names start with this.
    static let prefix = "flowhost/"

    /// The chrome's stylesheet, a file of ``publicDirectory``.
    public static let stylesheet = "flowhost.css"
    /// The chrome's script (live moves, the inspector panel, copying), a file of ``publicDirectory``.
    public static let script = "flowhost.js"
    /// The flow map page's stylesheet, a file of ``publicDirectory``.
    public static let mapStylesheet = "flowmap.css"

    /// The folder of the chrome's static files (the stylesheets, the script): the web host serves it,
    /// a static export copies it.
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
