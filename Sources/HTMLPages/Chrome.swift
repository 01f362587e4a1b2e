import Foundation
import HTMLTemplates
import HTMLValidation

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

    /// The chrome's font as OpenType files, the same faces as the WOFF2 files that pages load from
    /// ``publicDirectory``'s `fonts/`: what fontconfig reads (it lists no WOFF2), so a snapshot
    /// browser's only fonts (FlowSnapshots' `ChromiumProcess`). `scripts/make-fonts` makes the
    /// WOFF2 files from them.
    package static var fontFilesDirectory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fonts", isDirectory: true)
    }

    /// The chrome templates, `flowhost/page` and its partials, loaded and checked once per process:
    /// a library of their own beside the app's (neither includes the other's partials).
    static let templates: TemplateLibrary = {
        let directory = Bundle.module.resourceURL!.appendingPathComponent("Chrome", isDirectory: true)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var sources: [String: String] = [:]
        for file in files where file.hasSuffix(".mustache") {
            let source = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            sources[prefix + file.dropLast(".mustache".count)] = source ?? ""
        }
        do {
            return try TemplateLibrary(templates: sources)
        } catch {
            // Shipped with FlowHost and rendered by its tests: a problem here is FlowHost's own bug.
            preconditionFailure("FlowHost's chrome templates have problems:\n\(error)")
        }
    }()

    /// The chrome template `flowhost/<name>` rendered with `values`, without links (a page of
    /// FlowHost's own: the inspector, the flow map).
    package static func render(_ values: TemplateValue, template name: String) -> String {
        // The chrome always holds its own templates: this cannot fail.
        (try? templates.render(values, template: prefix + name)) ?? ""
    }
}
