import Foundation

/// Every template of an app, loaded and checked once: each `.mustache` file of a folder (or
/// templates given as text), its mustache checked by the compiler that renders it and its HTML by
/// the ``MarkupCheck`` given.
///
/// ```swift
/// // Templates/movies/detail.mustache is named "movies/detail"
/// let templates = try TemplateLibrary(directory: templatesDirectory)
/// let html = try templates.render(["title": "Heat"], template: "movies/detail")
/// ```
///
/// (`TemplateLibrary(directory:)`, `init(templates:)` and `loadingValid(directory:)` without a check
/// are HTMLValidation's: they check the HTML with libxml2.)
///
/// A server that watches its templates loads them with ``loadingValid(directory:checkingMarkupWith:)``
/// and, on every change, takes ``reloaded()``: a broken file then keeps its last good version and is
/// listed in ``problems`` (the pages show them) instead of stopping anything.
public struct TemplateLibrary: Sendable {
    private typealias Source = (name: String, file: String, source: String)

    private(set) var compiled: [String: CompiledTemplate] = [:]
    /// The same templates by their names made keys: what a `{{> name}}` tag finds its partial in,
    /// with the name hashed once, when its template was compiled.
    private var partials: [TemplateKey: CompiledTemplate] = [:]
    /// The names of the templates.
    public private(set) var names: Set<String> = []
    /// The folder the templates were loaded from; nil for templates given as text.
    public let directory: String?
    /// The templates that could not be loaded, in file order. Always empty for a library made by a
    /// throwing initializer (it throws them instead).
    public private(set) var problems: [TemplateProblem] = []
    /// What checks each template's HTML, again on ``reloaded()``.
    private let markup: any MarkupCheck

    /// Loads every `.mustache` file under `directory`, named by its path without the extension, and
    /// checks its HTML with `check`.
    ///
    /// - Throws: ``TemplateLoadError`` listing every problem as `file:line:column: message`.
    public init(directory: String, checkingMarkupWith check: some MarkupCheck) throws(TemplateLoadError) {
        self = Self.loadingValid(directory: directory, checkingMarkupWith: check)
        if !problems.isEmpty { throw TemplateLoadError(problems: problems) }
    }

    /// Templates given as source text by name (the file of `movies/detail` is named
    /// `movies/detail.mustache`), their HTML checked with `check`: for tests, tools and FlowHost's
    /// own chrome.
    public init(templates: [String: String], checkingMarkupWith check: some MarkupCheck) throws(TemplateLoadError) {
        let sources = templates.sorted { $0.key < $1.key }.map { ($0.key, "\($0.key).mustache", $0.value) }
        self.init(directory: nil, sources: sources, problems: [], keeping: [:], markup: check)
        if !problems.isEmpty { throw TemplateLoadError(problems: problems) }
    }

    /// Loads every template of `directory` that has no problem, and lists the others in
    /// ``problems`` instead of throwing: a server that watches its templates starts all the same
    /// and shows the problems on its pages until they are fixed. A screen whose template did not
    /// load renders empty meanwhile.
    public static func loadingValid(directory: String, checkingMarkupWith check: some MarkupCheck) -> TemplateLibrary {
        guard let (sources, problems) = sources(in: directory) else {
            return TemplateLibrary(
                directory: directory, sources: [], problems: [missing(directory)], keeping: [:], markup: check)
        }
        return TemplateLibrary(directory: directory, sources: sources, problems: problems, keeping: [:], markup: check)
    }

    /// Every problem of the template `source`, reported against `file`: its mustache, then its HTML
    /// as `check` finds it.
    public static func problems(inTemplate source: String, file: String, checkingMarkupWith check: some MarkupCheck)
        -> [TemplateProblem]
    {
        TemplateCheck.compile(source, file: file, markup: check).problems
    }

    /// The templates of ``directory`` as they are now: new and changed files loaded, removed ones
    /// gone, and each file that now has a problem kept at its last good version here (or left
    /// out, if it never had one) and listed in ``problems``. A library of templates given as text
    /// is returned as it is.
    public func reloaded() -> TemplateLibrary {
        guard let directory else { return self }
        guard let (sources, problems) = Self.sources(in: directory) else {
            // The folder itself is gone (moved away, not yet back): keep every template.
            var kept = self
            kept.problems = [Self.missing(directory)]
            return kept
        }
        return TemplateLibrary(
            directory: directory, sources: sources, problems: problems, keeping: compiled, markup: markup)
    }

    private static func missing(_ directory: String) -> TemplateProblem {
        TemplateProblem(file: directory, message: "no such template directory")
    }

    /// Every `.mustache` file under `directory`, sorted by name, and the files that cannot be read;
    /// nil when there is no such folder.
    private static func sources(in directory: String) -> (sources: [Source], problems: [TemplateProblem])? {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        else { return nil }
        var sources: [Source] = []
        var problems: [TemplateProblem] = []
        for case let url as URL in enumerator where url.pathExtension == "mustache" {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            let file = (directory as NSString).appendingPathComponent(relative)
            guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                problems.append(TemplateProblem(file: file, message: "cannot be read as UTF-8"))
                continue
            }
            sources.append((String(relative.dropLast(".mustache".count)), file, source))
        }
        return (sources.sorted { $0.name < $1.name }, problems)
    }

    /// Checks and compiles `sources`; a source with a problem keeps its version in `previous`, if any,
    /// and its problems join `problems`.
    private init(
        directory: String?, sources: [Source], problems: [TemplateProblem],
        keeping previous: [String: CompiledTemplate],
        markup: any MarkupCheck
    ) {
        self.directory = directory
        self.problems = problems
        self.markup = markup
        for (name, file, source) in sources {
            let (template, found) = TemplateCheck.compile(source, file: file, markup: markup)
            self.problems += found
            guard let template = template ?? previous[name] else { continue }
            compiled[name] = template
            partials[TemplateKey(name)] = template
            names.insert(name)
        }
    }

    /// Renders the template `template` with `values`; actions in them are left out and public files
    /// are written as their paths (a page renderer renders with a ``RenderContext`` that writes them).
    ///
    /// - Throws: ``RenderError/unknownTemplate(_:)`` when no template has that name.
    public func render(_ values: TemplateValue, template: String) throws(RenderError) -> String {
        var context = RenderContext(actionLinks: nil, publicFiles: "")
        return try render(values, template: template, context: &context)
    }

    /// Renders the template `template` with `values` for what `context` renders for, noting in it
    /// the actions written (one context may gather those of several templates: a page's content
    /// and its chrome).
    ///
    /// - Throws: ``RenderError/unknownTemplate(_:)`` when no template has that name.
    public func render(_ values: TemplateValue, template: String, context: inout RenderContext) throws(RenderError)
        -> String
    {
        var output = HTMLOutput()
        try render(values, template: template, context: &context, into: &output)
        return output.text
    }

    /// Renders the template `template` with `values` for what `context` renders for, after what
    /// `output` holds: a page's parts written one after the other into one buffer.
    ///
    /// - Throws: ``RenderError/unknownTemplate(_:)`` when no template has that name (`output` is
    ///   then as it was).
    package func render(
        _ values: TemplateValue, template: String, context: inout RenderContext, into output: inout HTMLOutput
    ) throws(RenderError) {
        guard let found = compiled[template] else { throw .unknownTemplate(template) }
        var stack = [values]
        found.render(into: &output, stack: &stack, partials: partials, context: &context)
    }
}
