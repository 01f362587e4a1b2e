/// Turns a template's tokens into ``CompiledTemplate`` nodes, reading the HTML of its text as it
/// goes (``MarkupScanner``): each `{{variable}}` knows whether it writes text or an attribute; an
/// attribute that takes an action and holds nothing but a variable (`action="{{open}}"` on a form,
/// `formaction` on a button, `href` on a link) becomes one node, so the page can leave it out; and
/// the tags of forms, buttons and links are marked, so a page rendered for a static export can turn
/// a form's `method` to `get` or disable a button, and a crawl can read each action's label.
struct TemplateCompiler {
    private let tokens: [MustacheTokenizer.Token]
    /// The file and text problems are reported against.
    private let file: String
    private let source: String
    private var index = 0
    private var scanner = MarkupScanner()
    /// Text read but not yet made a node: the bytes, and their text content (for labels).
    private var piece: [UInt8] = []
    private var pieceLabel: [UInt8] = []
    /// Where in `piece` the tag being read starts (its `<`).
    private var tagStart: Int?
    /// Where in `piece` the attribute being read starts, the spaces before its name included.
    private var attributeStart: Int?
    /// Where in `piece` the value being read starts.
    private var valueStart: Int?
    /// The element whose start tag is being read, when it is one that carries actions.
    private var element: CompiledTemplate.ActionElement?
    /// The attributes of that start tag written whatever the values (not inside a section).
    private var attributes: Set<String> = []
    /// How many sections are open, and how many were when that start tag and the attribute being
    /// read began.
    private var depth = 0
    private var elementDepth = 0
    private var attributeDepth = 0
    private var type = ""
    /// A closing quote the text after an action attribute starts with, already written by its node.
    private var skippedQuote: UInt8?

    init(tokens: [MustacheTokenizer.Token], file: String, source: String) {
        self.tokens = tokens
        self.file = file
        self.source = source
    }

    /// The nodes of the whole template; throws at the first section tag that does not pair up.
    mutating func compile() throws(TemplateProblem) -> [CompiledTemplate.Node] {
        try build(opened: nil)
    }

    private mutating func build(opened: MustacheTokenizer.Token?) throws(TemplateProblem)
        -> [CompiledTemplate.Node]
    {
        var nodes: [CompiledTemplate.Node] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .text:
                read(token.content, into: &nodes)
            case .variable, .rawVariable:
                variable(TemplateName(token.content), escaped: token.kind == .variable, into: &nodes)
            case .partial:
                flush(into: &nodes)
                nodes.append(.partial(token.content))
            case .comment: break
            case .section, .invertedSection:
                flush(into: &nodes)
                depth += 1
                var body = try build(opened: token)
                depth -= 1
                flush(into: &body)
                nodes.append(
                    .section(TemplateName(token.content), inverted: token.kind == .invertedSection, body: body))
            case .close:
                guard let opened else {
                    throw problem(at: token, "{{/\(token.content)}} closes a section that was never opened")
                }
                guard token.content == opened.content else {
                    throw problem(
                        at: token,
                        "{{/\(token.content)}} does not close the open section \"\(opened.content)\" "
                            + "(opened at \(opened.position)): close that one first with {{/\(opened.content)}}")
                }
                flush(into: &nodes)
                return nodes
            }
        }
        if let opened {
            throw problem(at: opened, "section \"\(opened.content)\" opened here is never closed")
        }
        flush(into: &nodes)
        return nodes
    }

    /// The problem `message` at `token`.
    private func problem(at token: MustacheTokenizer.Token, _ message: String) -> TemplateProblem {
        TemplateProblem(file: file, position: token.position, message: message, source: source)
    }

    // MARK: Variables

    private mutating func variable(_ name: TemplateName, escaped: Bool, into nodes: inout [CompiledTemplate.Node]) {
        if case .attributeValue(let quote?) = scanner.state, scanner.valueIsEmpty, let element,
            element.takesAction(in: scanner.attributeName), let start = attributeStart,
            index < tokens.count, tokens[index].kind == .text, tokens[index].content.utf8.first == quote
        {
            let prefix = String(decoding: piece[start...], as: UTF8.self)
            piece.removeSubrange(start...)
            flush(into: &nodes)
            nodes.append(
                .actionAttribute(
                    CompiledTemplate.ActionAttribute(
                        name: name, escaped: escaped, prefix: prefix,
                        suffix: String(decoding: [quote], as: UTF8.self))))
            skippedQuote = quote
        } else {
            flush(into: &nodes)
            nodes.append(.variable(name, escaped: escaped, inText: scanner.state == .data))
        }
        scanner.readVariable()
    }

    // MARK: Text

    private mutating func read(_ text: String, into nodes: inout [CompiledTemplate.Node]) {
        for byte in text.utf8 {
            let before = scanner.state
            let events = scanner.read(byte)
            if let quote = skippedQuote {
                skippedQuote = nil
                if byte == quote { continue }
            }
            switch before {
            case .data:
                if byte == UInt8(ascii: "<") { tagStart = piece.count } else { pieceLabel.append(byte) }
            case .rawText where byte == UInt8(ascii: "<"):
                tagStart = piece.count
            default:
                break
            }
            guard !events.isEmpty else {
                piece.append(byte)
                continue
            }
            if events.contains(.tagNamed) { tagNamed(into: &nodes) }
            if events.contains(.attributeStarted) {
                var start = piece.count
                while start > (tagStart ?? 0), Self.isSpace(piece[start - 1]) { start -= 1 }
                attributeStart = start
                attributeDepth = depth
            }
            if events.contains(.attributeNamed), attributeDepth == elementDepth {
                attributes.insert(scanner.attributeName)
            }
            if events.contains(.valueStarted) {
                valueStart = piece.count + (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") ? 1 : 0)
            }
            if events.contains(.valueEnded) { valueEnded(into: &nodes) }
            if events.contains(.tagClosed) {
                if let element, !scanner.isEndTag {
                    flush(into: &nodes)
                    nodes.append(
                        .startTagEnd(
                            CompiledTemplate.StartTag(
                                element: element, submits: element.submits(type: type),
                                hasTitle: attributes.contains("title"), hasDisabled: attributes.contains("disabled"))))
                }
                element = nil
                tagStart = nil
                attributeStart = nil
                pieceLabel.append(UInt8(ascii: " "))
            }
            piece.append(byte)
        }
    }

    /// A tag's name is read: a form's, button's or link's tag is marked before its `<`.
    private mutating func tagNamed(into nodes: inout [CompiledTemplate.Node]) {
        guard let found = CompiledTemplate.ActionElement(tagName: scanner.tagName), let start = tagStart else { return }
        let tag = Array(piece[start...])
        piece.removeSubrange(start...)
        flush(into: &nodes)
        if scanner.isEndTag {
            nodes.append(.endTag(found))
        } else {
            nodes.append(.startTag(found))
            element = found
            elementDepth = depth
            attributes = []
            type = ""
        }
        piece = tag
        tagStart = 0
    }

    /// A value is read: a URL written as `/public/<path>` becomes its own node (an export writes it
    /// relative); a form's `method` and a button's `formmethod` become their own node (the page may
    /// write `get` there); a `type` is kept (it says whether a button sends its form).
    private mutating func valueEnded(into nodes: inout [CompiledTemplate.Node]) {
        defer { valueStart = nil }
        guard let start = valueStart, start <= piece.count else { return }
        if Self.urlAttributes.contains(scanner.attributeName), piece[start...].starts(with: Self.publicPrefix) {
            let path = String(decoding: piece[(start + Self.publicPrefix.count)...], as: UTF8.self)
            piece.removeSubrange(start...)
            flush(into: &nodes)
            nodes.append(.publicFile(path))
            return
        }
        guard let element else { return }
        switch scanner.attributeName {
        case "type":
            type = String(decoding: piece[start...], as: UTF8.self).lowercased()
        case element.methodAttribute:
            let value = String(decoding: piece[start...], as: UTF8.self)
            piece.removeSubrange(start...)
            flush(into: &nodes)
            nodes.append(.methodValue(value))
        default:
            break
        }
    }

    /// Makes the text read so far a node; the offsets into it are gone with it.
    private mutating func flush(into nodes: inout [CompiledTemplate.Node]) {
        if !piece.isEmpty {
            nodes.append(.text(String(decoding: piece, as: UTF8.self), label: Self.decodingReferences(pieceLabel)))
        }
        piece.removeAll(keepingCapacity: true)
        pieceLabel.removeAll(keepingCapacity: true)
        tagStart = nil
        attributeStart = nil
        valueStart = nil
    }

    /// `text` with the character references a label is likely to hold decoded (`&amp;`, `&lt;`,
    /// `&gt;`, `&quot;`, `&#39;`, `&apos;`, `&nbsp;` and numeric ones); others are kept as written.
    static func decodingReferences(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]
            if let character = named[name] {
                result += character
            } else if name.first == "#",
                let scalar =
                    (name.dropFirst().first == "x" || name.dropFirst().first == "X"
                    ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst(), radix: 10))
                    .flatMap(Unicode.Scalar.init)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// How a template names a file of the app's `Public/` folder (as `flowhost serve` serves it).
    private static let publicPrefix = Array("/public/".utf8)
    /// The attributes whose value is a URL a browser loads or follows.
    private static let urlAttributes: Set<String> = ["src", "href", "poster", "data", "action", "formaction"]

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r") || byte == 0x0C
    }
}
