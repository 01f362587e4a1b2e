/// A compiled template's nodes laid out for rendering: one flat array of operations whose payloads
/// hold no references (offsets into the template's text bytes, indexes into its tables), so that
/// reading one retains and releases nothing. A section's body is the operations after it, up to
/// its end.
///
/// The nodes the compiler makes (`CompiledTemplate.Node`) hold strings and arrays: switched over
/// in a render, each node's box was retained and released, and unboxed, each string and array of its
/// payload was. A page of the sample reads about a thousand nodes.
///
/// Unchecked `Sendable`: every property is a constant, and the text bytes behind the pointer are
/// written once, in `init`, and freed in `deinit`.
final class TemplateProgram: @unchecked Sendable {
    enum Operation {
        /// Template text at `bytes` of ``text``, and its label's index in ``labels`` (-1: none).
        case text(bytes: Range<Int>, label: Int)
        /// `{{name}}`, the name at `name` of ``names``.
        case variable(name: Int, escaped: Bool, inText: Bool)
        /// A section; its body is the operations up to `end`.
        case section(name: Int, inverted: Bool, end: Int)
        /// The partial named at `name` of the partials' names.
        case partial(name: Int)
        /// The action attribute at `attribute` of ``attributes``.
        case actionAttribute(attribute: Int)
        /// The method at `method` of ``strings``.
        case methodValue(method: Int)
        /// The public file's path at `path` of ``strings``.
        case publicFile(path: Int)
        case startTag(CompiledTemplate.ActionElement)
        case startTagEnd(CompiledTemplate.StartTag)
        case endTag(CompiledTemplate.ActionElement)
    }

    /// An action attribute with its name, prefix and suffix where the program keeps them.
    struct Attribute {
        let name: Int
        let escaped: Bool
        let prefix: Range<Int>
        let suffix: Range<Int>
    }

    let operations: [Operation]
    /// Every text the operations write, one after the other, as UTF-8 (allocated once and never
    /// changed: read through the pointer, a text is appended without retaining an array).
    private let text: UnsafeMutableBufferPointer<UInt8>
    private let labels: [String]
    private let names: [TemplateName]
    private let partialNames: [TemplateKey]
    private let attributes: [Attribute]
    private let strings: [String]

    /// The program that renders `nodes`.
    init(_ nodes: [CompiledTemplate.Node]) {
        var builder = Builder()
        builder.append(nodes)
        operations = builder.operations
        text = .allocate(capacity: builder.text.count)
        _ = text.initialize(from: builder.text)
        labels = builder.labels
        names = builder.names
        partialNames = builder.partials
        attributes = builder.attributes
        strings = builder.strings
    }

    deinit {
        text.deallocate()
    }

    /// Collects the operations and their tables from the nodes.
    private struct Builder {
        var operations: [Operation] = []
        var text: [UInt8] = []
        var labels: [String] = []
        var names: [TemplateName] = []
        var partials: [TemplateKey] = []
        var attributes: [Attribute] = []
        var strings: [String] = []

        mutating func append(_ nodes: [CompiledTemplate.Node]) {
            for node in nodes {
                switch node {
                case .text(let content, let label):
                    let labelIndex = label.isEmpty ? -1 : labels.count
                    if !label.isEmpty { labels.append(label) }
                    operations.append(.text(bytes: bytes(of: content), label: labelIndex))
                case .variable(let name, let escaped, let inText):
                    operations.append(.variable(name: index(of: name), escaped: escaped, inText: inText))
                case .section(let name, let inverted, let body):
                    let start = operations.count
                    operations.append(.section(name: index(of: name), inverted: inverted, end: start))
                    append(body)
                    operations[start] = .section(name: index(of: name), inverted: inverted, end: operations.count)
                case .partial(let name):
                    partials.append(TemplateKey(name))
                    operations.append(.partial(name: partials.count - 1))
                case .actionAttribute(let attribute):
                    attributes.append(
                        Attribute(
                            name: index(of: attribute.name), escaped: attribute.escaped,
                            prefix: bytes(of: attribute.prefix), suffix: bytes(of: attribute.suffix)))
                    operations.append(.actionAttribute(attribute: attributes.count - 1))
                case .methodValue(let method):
                    strings.append(method)
                    operations.append(.methodValue(method: strings.count - 1))
                case .publicFile(let path):
                    strings.append(path)
                    operations.append(.publicFile(path: strings.count - 1))
                case .startTag(let element): operations.append(.startTag(element))
                case .startTagEnd(let tag): operations.append(.startTagEnd(tag))
                case .endTag(let element): operations.append(.endTag(element))
                }
            }
        }

        private mutating func bytes(of string: String) -> Range<Int> {
            let start = text.count
            text.append(contentsOf: string.utf8)
            return start..<text.count
        }

        /// `name`'s index in ``names``, the one it has already if it is there.
        private mutating func index(of name: TemplateName) -> Int {
            if let index = names.firstIndex(of: name) { return index }
            names.append(name)
            return names.count - 1
        }
    }

    // MARK: Rendering

    /// Renders the operations at `range` (all of them: `0..<operations.count`).
    func render(
        _ range: Range<Int>, into output: inout HTMLOutput, stack: inout [TemplateValue],
        partials templates: [TemplateKey: CompiledTemplate], context: inout RenderContext
    ) {
        var index = range.lowerBound
        while index < range.upperBound {
            let operation = operations[index]
            index += 1
            switch operation {
            case .text(let bytes, let label):
                output.append(UnsafeBufferPointer(rebasing: text[bytes]))
                if label >= 0 && context.isReadingLabel { context.readLabel(labels[label]) }
            case .variable(let name, let escaped, let inText):
                guard let value = names[name].lookup(in: stack) else { continue }
                Self.write(value, escaped: escaped, into: &output, context: &context)
                if inText && context.isReadingLabel { context.readLabel(value) }
            case .section(let name, let inverted, let end):
                let body = index..<end
                index = end
                let value = names[name].lookup(in: stack)
                if inverted {
                    if !Self.isTruthy(value) {
                        render(body, into: &output, stack: &stack, partials: templates, context: &context)
                    }
                    continue
                }
                switch value {
                case .list(let elements)?:
                    for element in elements {
                        stack.append(element)
                        render(body, into: &output, stack: &stack, partials: templates, context: &context)
                        stack.removeLast()
                    }
                case .bool(true)?:
                    render(body, into: &output, stack: &stack, partials: templates, context: &context)
                case let value? where Self.isTruthy(value):
                    stack.append(value)
                    render(body, into: &output, stack: &stack, partials: templates, context: &context)
                    stack.removeLast()
                default:
                    break
                }
            case .partial(let name):
                templates[partialNames[name]]?.render(
                    into: &output, stack: &stack, partials: templates, context: &context)
            case .actionAttribute(let attributeIndex):
                let attribute = attributes[attributeIndex]
                let prefix = UnsafeBufferPointer(rebasing: text[attribute.prefix])
                let suffix = UnsafeBufferPointer(rebasing: text[attribute.suffix])
                let value = names[attribute.name].lookup(in: stack)
                if case .action(let action)? = value {
                    context.write(action, prefix: prefix, suffix: suffix, into: &output)
                } else {
                    output.append(prefix)
                    if let value { Self.write(value, escaped: attribute.escaped, into: &output, context: &context) }
                    output.append(suffix)
                }
            case .methodValue(let method):
                context.writeMethod(strings[method], into: &output)
            case .publicFile(let path):
                context.writeURL(ofPublicFile: strings[path], into: &output)
            case .startTag(let element):
                if context.followsElements { context.open(element) }
            case .startTagEnd(let tag):
                if context.followsElements { context.close(tag, into: &output) }
            case .endTag(let element):
                if context.followsElements { context.end(element) }
            }
        }
    }

    private static func write(
        _ value: TemplateValue, escaped: Bool, into output: inout HTMLOutput, context: inout RenderContext
    ) {
        switch value {
        case .string(let text): escaped ? output.appendEscaped(text) : output.append(text)
        case .html(let html): output.append(html)
        case .int(let number): output.append(String(number))
        case .double(let number): output.append(String(number))
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .action(let action): output.appendEscaped(context.target(of: action))
        case .publicFile(let path): output.appendEscaped(context.url(ofPublicFile: path))
        case .list, .object, .null: break
        }
    }

    private static func isTruthy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?: false
        case .list(let elements)?: !elements.isEmpty
        default: true
        }
    }
}
