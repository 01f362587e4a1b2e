/// Splits mustache source into text and tags, dropping the lines that hold nothing but a section,
/// comment or partial tag (the spec's "standalone" rule), so templates can put those tags on lines
/// of their own without leaving blank lines in the page.
///
/// Every token keeps where it came from (its position and its bytes in the source): the compiler
/// reports mistakes at the tag that made them, and the HTML check blanks exactly the tags.
struct MustacheTokenizer {
    enum Kind: Equatable {
        case text, variable, rawVariable, section, invertedSection, close, comment, partial
    }

    struct Token {
        let kind: Kind
        /// The text, or the name a tag carries.
        let content: String
        /// Where the token starts.
        let position: SourcePosition
        /// The source's UTF-8 bytes the token was read from (a whole tag, braces included).
        let range: Range<Int>
    }

    private let source: [UInt8]
    /// The file and text problems are reported against.
    private let file: String
    private let text: String
    private var index = 0
    private var pendingText: [UInt8] = []
    private var pendingStart = 0
    private var output: [Token] = []
    /// How far ``position(at:)`` has counted lines: the offset, its line and that line's first byte.
    private var counted = (offset: 0, line: 1, lineStart: 0)

    init(source: String, file: String) {
        self.source = Array(source.utf8)
        self.file = file
        text = source
    }

    mutating func tokens() throws(TemplateProblem) -> [Token] {
        while index < source.count {
            if source[index] == UInt8(ascii: "{"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "{") {
                try readTag()
            } else {
                if pendingText.isEmpty { pendingStart = index }
                pendingText.append(source[index])
                index += 1
            }
        }
        flushText()
        return output
    }

    private mutating func readTag() throws(TemplateProblem) {
        let start = index
        let triple = index + 2 < source.count && source[index + 2] == UInt8(ascii: "{")
        let closing = Array((triple ? "}}}" : "}}").utf8)
        var end = index + (triple ? 3 : 2)
        while end + closing.count <= source.count && !source[end..<(end + closing.count)].elementsEqual(closing) {
            end += 1
        }
        guard end + closing.count <= source.count else {
            throw problem(
                at: start, "tag opened here is never closed with \"\(String(decoding: closing, as: UTF8.self))\"")
        }
        let inner = String(decoding: source[(start + (triple ? 3 : 2))..<end], as: UTF8.self)
        let tag = String(decoding: source[start..<(end + closing.count)], as: UTF8.self)
        index = end + closing.count
        let kind: Kind
        var name = String(inner.dropFirst()).trimmingWhitespace()
        switch inner.first {
        case _ where triple: (kind, name) = (.rawVariable, inner.trimmingWhitespace())
        case "&": kind = .rawVariable
        case "#": kind = .section
        case "^": kind = .invertedSection
        case "/": kind = .close
        case "!", "%": (kind, name) = (.comment, "")
        case ">": kind = .partial
        case "=":
            throw problem(at: start, "\(tag): set-delimiter tags are not supported")
        case "$", "<":
            throw problem(at: start, "\(tag): template inheritance is not supported")
        default: (kind, name) = (.variable, inner.trimmingWhitespace())
        }
        if kind != .comment && !Self.isName(name, partial: kind == .partial) {
            throw problem(
                at: start,
                "\(tag): a name is \".\" or letters, digits, \"-\", \"_\" and \"?\" in parts joined by \".\""
                    + (kind == .partial ? " or \"/\"" : ""))
        }
        if kind != .variable && kind != .rawVariable { dropLineIfStandalone(tagStart: start) }
        flushText()
        output.append(
            Token(kind: kind, content: name, position: position(at: start), range: start..<(end + closing.count)))
    }

    /// `.` (the current value), or non-empty parts of letters, digits, `-`, `_` and `?` joined by `.`
    /// (partial names may also hold `/`): what swift-mustache accepted, so no template that loaded before
    /// is refused now.
    private static func isName(_ name: String, partial: Bool) -> Bool {
        if name == "." { return true }
        let parts = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty
                && part.allSatisfy { byte in
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "?")
                        || (partial && byte == UInt8(ascii: "/"))
                }
        }
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
        let range = pendingStart..<(pendingStart + pendingText.count)
        output.append(
            Token(
                kind: .text, content: String(decoding: pendingText, as: UTF8.self),
                position: position(at: pendingStart),
                range: range))
        pendingText = []
    }

    /// The problem `message` at the tag that starts at `offset`.
    private mutating func problem(at offset: Int, _ message: String) -> TemplateProblem {
        TemplateProblem(file: file, position: position(at: offset), message: message, source: text)
    }

    /// The line and column of the byte at `offset`; offsets are asked for in increasing order, so
    /// each byte is counted once.
    private mutating func position(at offset: Int) -> SourcePosition {
        while counted.offset < offset {
            if source[counted.offset] == UInt8(ascii: "\n") {
                counted.line += 1
                counted.lineStart = counted.offset + 1
            }
            counted.offset += 1
        }
        let column = source[counted.lineStart..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourcePosition(line: counted.line, column: column)
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
