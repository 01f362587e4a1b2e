import Foundation

/// Every template of an app, loaded and checked once: the app's screen templates and FlowHost's
/// page chrome (registered under `flowhost/`).
///
/// ```swift
/// // Templates/movies/detail.mustache is named "movies/detail"
/// let templates = try TemplateLibrary(directory: templatesDirectory)
/// let html = try templates.render(["title": "Heat"], template: "movies/detail")
/// ```
public struct TemplateLibrary: Sendable {
    private var compiled: [String: CompiledTemplate] = [:]
    /// The names of the app's templates (the chrome's not included).
    public private(set) var names: Set<String> = []

    /// Loads every `.mustache` file under `directory`, named by its path without the extension.
    ///
    /// - Throws: ``TemplateLoadError`` listing every problem as `file:line:column: message`.
    public init(directory: String) throws(TemplateLoadError) {
        var sources: [(name: String, file: String, source: String)] = []
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        else {
            throw TemplateLoadError(messages: ["\(directory): no such template directory"])
        }
        for case let url as URL in enumerator where url.pathExtension == "mustache" {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            let file = (directory as NSString).appendingPathComponent(relative)
            guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                throw TemplateLoadError(messages: ["\(file): cannot be read as UTF-8"])
            }
            sources.append((String(relative.dropLast(".mustache".count)), file, source))
        }
        try self.init(sources: sources.sorted { $0.name < $1.name })
    }

    /// Templates given as source text by name, for tests and tools.
    public init(templates: [String: String]) throws(TemplateLoadError) {
        try self.init(sources: templates.sorted { $0.key < $1.key }.map { ($0.key, "\($0.key).mustache", $0.value) })
    }

    private init(sources: [(name: String, file: String, source: String)]) throws(TemplateLoadError) {
        var messages: [String] = []
        for (name, file, source) in Chrome.templates + sources {
            if name.hasPrefix(Chrome.prefix) && !file.hasPrefix(Chrome.prefix) {
                messages.append("\(file): the folder flowhost/ is reserved for FlowHost's page chrome")
                continue
            }
            let (template, errors) = TemplateValidator.check(source, file: file)
            guard let template else {
                messages += errors.map(\.description)
                continue
            }
            compiled[name] = template
            if !name.hasPrefix(Chrome.prefix) { names.insert(name) }
        }
        if !messages.isEmpty { throw TemplateLoadError(messages: messages) }
    }

    /// Renders the template `template` with `values`.
    ///
    /// - Throws: ``RenderError/unknownTemplate(_:)`` when no template has that name.
    public func render(_ values: TemplateValue, template: String) throws(RenderError) -> String {
        guard let found = compiled[template] else { throw .unknownTemplate(template) }
        var output = ""
        output.reserveCapacity(8 * 1024)
        var stack = [values]
        found.render(into: &output, stack: &stack, partials: compiled)
        return output
    }
}
