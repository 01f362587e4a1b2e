/// A mustache template compiled for rendering ``TemplateValue``s: names are split once at load,
/// lookups are dictionary reads on a stack of values, and output is appended to one buffer with a
/// byte-level HTML escaper.
///
/// swift-mustache still parses every template at load (``TemplateValidator``), so syntax errors are
/// its messages; this renderer exists because its per-lookup costs (a name split into a new array,
/// dynamic casts on every context level, a context copy per section row) made a 20-row page render
/// at about a quarter of the speed of hand-written concatenation. It supports the mustache spec
/// without lambdas, set-delimiters and template inheritance, and refuses those at load.
struct CompiledTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(path: [String], escaped: Bool)
        case section(path: [String], inverted: Bool, body: [Node])
        case partial(String)
    }

    let nodes: [Node]

    /// Compiles `source`; throws a message for what this renderer does not support.
    init(source: String) throws(CompileError) {
        var parser = MustacheTokenizer(source: source)
        let tokens = try parser.tokens()
        var index = 0
        nodes = try Self.build(tokens, from: &index, closing: nil)
    }

    private static func build(_ tokens: [MustacheTokenizer.Token], from index: inout Int, closing: String?)
        throws(CompileError) -> [Node]
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
                let body = try build(tokens, from: &index, closing: token.content)
                nodes.append(.section(path: path(token.content), inverted: token.kind == .invertedSection, body: body))
            case .close:
                guard token.content == closing else { throw CompileError(message: "unexpected {{/\(token.content)}}") }
                return nodes
            }
        }
        if let closing { throw CompileError(message: "section {{#\(closing)}} is not closed") }
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

/// Why a template cannot be compiled.
struct CompileError: Error {
    let message: String
}
