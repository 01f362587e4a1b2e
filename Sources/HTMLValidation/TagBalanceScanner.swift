import HTMLTemplates

/// Checks that every element a source opens is closed, in order: the holes libxml2's forgiving
/// HTML parser leaves (it closes `<span>` silently at `</div>`).
///
/// Templates must close every non-void element explicitly, including those HTML lets you leave
/// open (`</li>`, `</p>`, `</td>`): the rule is simple and catches real mistakes.
struct TagBalanceScanner {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var open: [(name: String, line: Int, column: Int)] = []
    private(set) var problems: [HTMLProblem] = []

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    static func problems(in source: String) -> [HTMLProblem] {
        var scanner = TagBalanceScanner(source)
        scanner.scan()
        return scanner.problems
    }

    private mutating func scan() {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                scanMarkup()
            } else {
                advance()
            }
        }
        for element in open.reversed() {
            problems.append(
                HTMLProblem(line: element.line, column: element.column, message: "Unclosed element <\(element.name)>"))
        }
    }

    private mutating func scanMarkup() {
        let (startLine, startColumn) = (line, column)
        if starts(with: "<!--") {
            skip(past: "-->")
        } else if starts(with: "<!") || starts(with: "<?") {
            skip(past: ">")
        } else if starts(with: "</") {
            advance(2)
            let name = readName()
            skip(past: ">")
            guard !name.isEmpty else { return }
            closeElement(name, line: startLine, column: startColumn)
        } else {
            advance()
            let name = readName()
            guard !name.isEmpty else { return }
            let selfClosing = skipAttributes()
            let inForeign = open.contains { HTMLElements.foreignRoots.contains($0.name) }
            if HTMLElements.void.contains(name)
                || (selfClosing && (inForeign || HTMLElements.foreignRoots.contains(name)))
            {
                return
            }
            open.append((name, startLine, startColumn))
            if HTMLElements.rawText.contains(name) && !inForeign {
                skipRawText(until: name)
            }
        }
    }

    private mutating func closeElement(_ name: String, line: Int, column: Int) {
        if let top = open.last, top.name == name {
            open.removeLast()
        } else if let index = open.lastIndex(where: { $0.name == name }) {
            for element in open[(index + 1)...] {
                problems.append(
                    HTMLProblem(
                        line: element.line, column: element.column,
                        message: "Unclosed element <\(element.name)> (still open at </\(name)> on \(line):\(column))"))
            }
            open.removeSubrange(index...)
        } else {
            problems.append(HTMLProblem(line: line, column: column, message: "Stray end tag </\(name)>"))
        }
    }

    /// Skips attributes up to and including `>`; tells whether the tag ended with `/>`.
    private mutating func skipAttributes() -> Bool {
        var quote: UInt8?
        var previous: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                advance()
                return previous == UInt8(ascii: "/")
            }
            if !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")) {
                previous = byte
            }
            advance()
        }
        return false
    }

    private mutating func skipRawText(until name: String) {
        while index < bytes.count {
            if starts(with: "</"), lowercasedName(at: index + 2) == name { return }
            advance()
        }
    }

    private mutating func readName() -> String {
        let name = lowercasedName(at: index)
        advance(name.utf8.count)
        return name
    }

    private func lowercasedName(at start: Int) -> String {
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            let isNameByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            guard isNameByte else { break }
            end += 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
    }

    private func starts(with prefix: String) -> Bool {
        let prefixBytes = Array(prefix.utf8)
        guard index + prefixBytes.count <= bytes.count else { return false }
        return bytes[index..<(index + prefixBytes.count)].elementsEqual(prefixBytes)
    }

    private mutating func skip(past terminator: String) {
        while index < bytes.count && !starts(with: terminator) { advance() }
        advance(terminator.utf8.count)
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }
}
