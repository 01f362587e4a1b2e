/// A mustache template compiled for rendering ``TemplateValue``s: names are split once at load,
/// lookups are dictionary reads on a stack of values, and output is appended to one buffer with a
/// byte-level HTML escaper.
///
/// It is also the mustache syntax check (``TemplateCheck``): every mistake is reported at the tag
/// that made it. It follows the mustache spec without lambdas, set-delimiters, template inheritance
/// and partial indentation (README, "What FlowHost's mustache is"); it was written because
/// swift-mustache's per-lookup costs (a name split into a new array, dynamic casts on every context
/// level, a context copy per section row) rendered a 20-row page at about a quarter of the speed of
/// hand-written concatenation.
///
/// The compiler reads the template's HTML as well (``TemplateCompiler``), so the nodes know where
/// actions go: a page rendered for a static export adjusts the forms and buttons that carry them,
/// and a crawl reads their labels as the page renders (``RenderContext``). The nodes are what the
/// compiler makes; a render reads them laid out as a ``TemplateProgram``.
struct CompiledTemplate: Sendable {
    enum Node: Sendable {
        /// Template text, and its text content for labels (tags as spaces, references decoded).
        case text(String, label: String)
        /// `{{name}}`; `inText` when it writes text content (not an attribute or a tag).
        case variable(TemplateName, escaped: Bool, inText: Bool)
        case section(TemplateName, inverted: Bool, body: [Node])
        case partial(String)
        /// An attribute that takes an action and holds only a variable: written whole, or left out.
        case actionAttribute(ActionAttribute)
        /// The value of a form's `method` or a button's `formmethod`.
        case methodValue(String)
        /// A URL attribute's value written in the template as `/public/<path>` (the app's `Public/`
        /// folder, as `flowhost serve` serves it): written after the render's public files prefix
        /// (`path` as written: it is markup already).
        case publicFile(String)
        /// Before the `<` of a form's, button's, input's or link's start tag.
        case startTag(ActionElement)
        /// Before the `>` that closes that start tag.
        case startTagEnd(StartTag)
        /// Before the `</` of such an element's end tag.
        case endTag(ActionElement)
    }

    /// An element that carries or sends actions.
    enum ActionElement: Sendable, Equatable {
        case form, button, input, link

        init?(tagName: String) {
            switch tagName {
            case "form": self = .form
            case "button": self = .button
            case "input": self = .input
            case "a": self = .link
            default: return nil
            }
        }

        /// Whether its attribute `name` takes an action: a form's `action`, a button's or input's
        /// `formaction`, a link's `href`.
        func takesAction(in name: String) -> Bool {
            switch self {
            case .form: name == "action"
            case .button, .input: name == "formaction"
            case .link: name == "href"
            }
        }

        /// The attribute that says how its action is sent.
        var methodAttribute: String? {
            switch self {
            case .form: "method"
            case .button, .input: "formmethod"
            case .link: nil
            }
        }

        /// Whether an element of `type` sends its form (a button by default, a submit input).
        func submits(type: String) -> Bool {
            switch self {
            case .button: type.isEmpty || type == "submit"
            case .input: type == "submit" || type == "image"
            case .form, .link: false
            }
        }
    }

    /// What is known of an action element's start tag at its `>`.
    struct StartTag: Sendable {
        let element: ActionElement
        /// It sends its form when clicked.
        let submits: Bool
        /// It has a `title` (a disabled button's reason is then not added).
        let hasTitle: Bool
        /// It has `disabled` already.
        let hasDisabled: Bool
    }

    /// `action="{{open}}"` on a form (or `formaction`, `href`): the name and quotes are the
    /// template's, kept to be written around the value or left out with it.
    struct ActionAttribute: Sendable {
        let name: TemplateName
        let escaped: Bool
        /// From the spaces before the name to the opening quote: ` action="`.
        let prefix: String
        /// The closing quote.
        let suffix: String
    }

    /// The nodes with the marks a page followed for its actions needs, as they render.
    let program: TemplateProgram
    /// The same without the marks, their text joined: what a served page renders, as fast as
    /// before the marks existed.
    let plainProgram: TemplateProgram
    /// What it reads, with where (``TemplateNameUsage`` follows renders over these).
    let names: TemplateNames

    /// Compiles the tokens of `source`, the template `file`; throws at the first section tag that
    /// does not pair up.
    init(tokens: [MustacheTokenizer.Token], file: String, source: String) throws(TemplateProblem) {
        var compiler = TemplateCompiler(tokens: tokens, file: file, source: source)
        let nodes = try compiler.compile()
        program = TemplateProgram(nodes)
        plainProgram = TemplateProgram(Self.plain(nodes))
        names = TemplateNames(tokens: tokens, file: file, source: source)
    }

    /// `nodes` without the marks of action elements, a method written as text, adjacent text joined.
    private static func plain(_ nodes: [Node]) -> [Node] {
        var result: [Node] = []
        func append(text: String) {
            if case .text(let previous, _)? = result.last {
                result[result.count - 1] = .text(previous + text, label: "")
            } else {
                result.append(.text(text, label: ""))
            }
        }
        for node in nodes {
            switch node {
            case .text(let text, _), .methodValue(let text): append(text: text)
            case .publicFile: result.append(node)
            case .startTag, .startTagEnd, .endTag: break
            case .section(let name, let inverted, let body):
                result.append(.section(name, inverted: inverted, body: plain(body)))
            case .variable, .partial, .actionAttribute: result.append(node)
            }
        }
        return result
    }

    // MARK: Rendering

    func render(
        into output: inout HTMLOutput, stack: inout [TemplateValue], partials: [TemplateKey: CompiledTemplate],
        context: inout RenderContext
    ) {
        let program = context.followsElements ? program : plainProgram
        program.render(
            0..<program.operations.count, into: &output, stack: &stack, partials: partials, context: &context)
    }
}
