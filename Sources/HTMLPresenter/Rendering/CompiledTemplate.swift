/// A mustache template compiled for rendering ``TemplateValue``s: names are split once at load,
/// lookups are dictionary reads on a stack of values, and output is appended to one buffer with a
/// byte-level HTML escaper.
///
/// It is also the mustache syntax check (``TemplateValidator``): every mistake is reported at the tag
/// that made it. It follows the mustache spec without lambdas, set-delimiters, template inheritance
/// and partial indentation (README, "What FlowHost's mustache is"); it was written because
/// swift-mustache's per-lookup costs (a name split into a new array, dynamic casts on every context
/// level, a context copy per section row) rendered a 20-row page at about a quarter of the speed of
/// hand-written concatenation.
struct CompiledTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(path: [String], escaped: Bool)
        case section(path: [String], inverted: Bool, body: [Node])
        case partial(String)
    }

    let nodes: [Node]

    /// Compiles the tokens of a template; throws at the first section tag that does not pair up.
    init(tokens: [MustacheTokenizer.Token]) throws(TemplateSyntaxError) {
        var index = 0
        nodes = try Self.build(tokens, from: &index, opened: nil)
    }

    private static func build(
        _ tokens: [MustacheTokenizer.Token], from index: inout Int, opened: MustacheTokenizer.Token?
    )
        throws(TemplateSyntaxError) -> [Node]
    {
        var nodes: [Node] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .text: nodes.append(.text(token.content))
            case .variable: nodes.append(.variable(path: path(token.content), escaped: true))
            case .rawVariable: nodes.append(.variable(path: path(token.content), escaped: false))
            case .partial: nodes.append(.partial(token.content))
            case .comment: break
            case .section, .invertedSection:
                let body = try build(tokens, from: &index, opened: token)
                nodes.append(.section(path: path(token.content), inverted: token.kind == .invertedSection, body: body))
            case .close:
                guard let opened else {
                    throw TemplateSyntaxError(
                        position: token.position,
                        message: "{{/\(token.content)}} closes a section that was never opened")
                }
                guard token.content == opened.content else {
                    throw TemplateSyntaxError(
                        position: token.position,
                        message: "{{/\(token.content)}} does not close the open section \"\(opened.content)\" "
                            + "(opened at \(opened.position)): close that one first with {{/\(opened.content)}}")
                }
                return nodes
            }
        }
        if let opened {
            throw TemplateSyntaxError(
                position: opened.position, message: "section \"\(opened.content)\" opened here is never closed")
        }
        return nodes
    }

    private static func path(_ name: String) -> [String] {
        name == "." ? [] : name.split(separator: ".").map(String.init)
    }

    // MARK: Rendering

    func render(into output: inout String, stack: inout [TemplateValue], partials: [String: CompiledTemplate]) {
        Self.render(nodes, into: &output, stack: &stack, partials: partials)
    }

    private static func render(
        _ nodes: [Node], into output: inout String, stack: inout [TemplateValue], partials: [String: CompiledTemplate]
    ) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let path, let escaped):
                guard let value = lookup(path, in: stack) else { continue }
                switch value {
                case .string(let text): escaped ? HTMLEscaping.append(text, to: &output) : (output += text)
                case .int(let number): output += String(number)
                case .double(let number): output += String(number)
                case .bool(let flag): output += flag ? "true" : "false"
                case .list, .object, .null: break
                }
            case .section(let path, let inverted, let body):
                let value = lookup(path, in: stack)
                if inverted {
                    if !isTruthy(value) { render(body, into: &output, stack: &stack, partials: partials) }
                    continue
                }
                switch value {
                case .list(let elements)?:
                    for element in elements {
                        stack.append(element)
                        render(body, into: &output, stack: &stack, partials: partials)
                        stack.removeLast()
                    }
                case .bool(true)?:
                    render(body, into: &output, stack: &stack, partials: partials)
                case let value? where isTruthy(value):
                    stack.append(value)
                    render(body, into: &output, stack: &stack, partials: partials)
                    stack.removeLast()
                default:
                    break
                }
            case .partial(let name):
                partials[name]?.render(into: &output, stack: &stack, partials: partials)
            }
        }
    }

    private static func isTruthy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?: false
        case .list(let elements)?: !elements.isEmpty
        default: true
        }
    }

    /// `[]` is the current value; the first name is looked up from the top of the stack down, the
    /// rest inside what it found.
    private static func lookup(_ path: [String], in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        var found: TemplateValue?
        for value in stack.reversed() {
            if case .object(let values) = value, let child = values[first] {
                found = child
                break
            }
        }
        for name in path.dropFirst() {
            guard case .object(let values)? = found else { return nil }
            found = values[name]
        }
        return found
    }
}
