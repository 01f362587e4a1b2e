/// A value a template renders: what a view model gives its template, and what the page chrome
/// receives. Plain, `Sendable` data, so a page renders off the main actor.
///
/// ```swift
/// let movie: TemplateValue = [
///     "title": "Heat",
///     "year": 1995,
///     "restricted": false,
///     "similar": [["title": "Ronin", "open": actions.step(MovieStep.movieDetail(id: 7))]],
/// ]
/// ```
public enum TemplateValue: Sendable, Equatable {
    /// Nothing: renders as empty, a section over it is skipped.
    case null
    /// A flag: a section over it renders when true, an inverted section when false.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// Text, HTML-escaped by `{{name}}`, raw by `{{{name}}}`.
    case string(String)
    /// A list: a section over it renders once per element; an inverted section when it is empty.
    case list([TemplateValue])
    /// Named values: `{{#movie}}{{title}}{{/movie}}`, or `{{movie.title}}`. Each key is hashed once,
    /// when it is made (``TemplateKey``), not again at each lookup.
    case object([TemplateKey: TemplateValue])
    /// An on-screen action, as HTMLPresenter's `ScreenActions` hands it out: where the template puts
    /// it (a form's `action`, a button's `formaction`, a link's `href`), the page writes what the
    /// action is for what it renders for (see ``ActionLinks``): a URL to post to on a served page,
    /// the file of the state it leads to in a static export, nothing where it cannot be taken.
    case action(ActionReference)
    /// A file of the app's `Public/` folder by its path there (`posters/3.svg`): written as its URL
    /// on a served page and as a relative path in a static export (see
    /// ``RenderContext/init(actionLinks:publicFiles:readingLabels:)``).
    case publicFile(String)
    /// Markup, written as it is by `{{name}}` and `{{{name}}}` alike: what another template
    /// rendered (the page chrome places each screen's content this way), or markup a view model
    /// trusts.
    case html(RenderedHTML)

    /// The value named `key` when this is an object, else nil.
    public subscript(key: TemplateKey) -> TemplateValue? {
        get {
            guard case .object(let values) = self else { return nil }
            return values[key]
        }
        set {
            guard case .object(var values) = self else { return }
            values[key] = newValue
            self = .object(values)
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// Text.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    /// A whole number.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    /// A number with a fraction.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    /// A flag.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByNilLiteral {
    /// Nothing.
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    /// A list.
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Named values.
    public init(dictionaryLiteral elements: (TemplateKey, TemplateValue)...) {
        // Sized once and filled (a key given twice keeps its last value): a view model builds one
        // per row per render, and merging into a dictionary that grows as it goes costs more.
        var values = [TemplateKey: TemplateValue](minimumCapacity: elements.count)
        for (key, value) in elements { values[key] = value }
        self = .object(values)
    }
}

extension TemplateValue: CustomStringConvertible {
    /// The text `{{name}}` prints for this value, before escaping; lists, objects and null print
    /// nothing, and an action or a public file prints what the page it is rendered into makes of
    /// it, so here its description (`action 3f…`, `public posters/3.svg`).
    public var description: String {
        switch self {
        case .string(let value): value
        case .html(let html): html.markup
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        case .action(let action): action.description
        case .publicFile(let path): "public \(path)"
        case .list, .object, .null: ""
        }
    }
}
