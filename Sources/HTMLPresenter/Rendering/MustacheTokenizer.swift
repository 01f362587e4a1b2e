/// Splits mustache source into text and tags, dropping the lines that hold nothing but a section,
/// comment or partial tag (the spec's "standalone" rule), so templates can put those tags on lines
/// of their own without leaving blank lines in the page.
struct MustacheTokenizer {
    enum Kind: Equatable {
        case text, variable, rawVariable, section, invertedSection, close, comment, partial
    }

    struct Token {
        let kind: Kind
        let content: String
    }

    private let source: [UInt8]
    private var index = 0
    private var pendingText: [UInt8] = []
    private var output: [Token] = []

    init(source: String) {
        self.source = Array(source.utf8)
    }

    mutating func tokens() throws(CompileError) -> [Token] {
        while index < source.count {
            if source[index] == UInt8(ascii: "{"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "{") {
                try readTag()
            } else {
                pendingText.append(source[index])
                index += 1
            }
        }
        flushText()
        return output
    }

    private mutating func readTag() throws(CompileError) {
        let start = index
        let triple = index + 2 < source.count && source[index + 2] == UInt8(ascii: "{")
        let closing = Array((triple ? "}}}" : "}}").utf8)
        var end = index + (triple ? 3 : 2)
        while end + closing.count <= source.count && !source[end..<(end + closing.count)].elementsEqual(closing) {
            end += 1
        }
        guard end + closing.count <= source.count else { throw CompileError(message: "unfinished tag") }
        let inner = String(decoding: source[(start + (triple ? 3 : 2))..<end], as: UTF8.self)
        index = end + closing.count
        let sigil = inner.first
        let name = { (dropping: Int) in String(inner.dropFirst(dropping)).trimmingWhitespace() }
        let token: Token
        switch sigil {
        case _ where triple: token = Token(kind: .rawVariable, content: inner.trimmingWhitespace())
        case "&": token = Token(kind: .rawVariable, content: name(1))
        case "#": token = Token(kind: .section, content: name(1))
        case "^": token = Token(kind: .invertedSection, content: name(1))
        case "/": token = Token(kind: .close, content: name(1))
        case "!", "%": token = Token(kind: .comment, content: "")
        case ">": token = Token(kind: .partial, content: name(1))
        case "=", "$", "<":
            throw CompileError(message: "{{\(inner)}}: set-delimiters and template inheritance are not supported")
        default: token = Token(kind: .variable, content: inner.trimmingWhitespace())
        }
        if token.kind != .variable && token.kind != .rawVariable { dropLineIfStandalone(tagStart: start) }
        flushText()
        output.append(token)
    }

    /// If only whitespace surrounds the tag on its line, drop that whitespace and the line's end.
    private mutating func dropLineIfStandalone(tagStart: Int) {
        var lineStart = tagStart
        while lineStart > 0 && source[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        guard source[lineStart..<tagStart].allSatisfy(Self.isBlank) else { return }
        var lineEnd = index
        while lineEnd < source.count && source[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        guard source[index..<lineEnd].allSatisfy(Self.isBlank) else { return }
        pendingText.removeLast(min(pendingText.count, tagStart - lineStart))
        index = min(lineEnd + 1, source.count)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        output.append(Token(kind: .text, content: String(decoding: pendingText, as: UTF8.self)))
        pendingText = []
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var view = Substring(self)
        while view.first?.isWhitespace == true { view.removeFirst() }
        while view.last?.isWhitespace == true { view.removeLast() }
        return String(view)
    }
}
