/// A JSON value with the line and column where it starts in its text, so that a file people write
/// (a study) gets `file:line:column` messages for what it means, not only for its syntax.
/// Foundation's decoders lose positions once a text parsed.
struct SourceJSON: Sendable, Equatable {
    /// What the value is.
    enum Value: Sendable, Equatable {
        case object([Member])
        case array([SourceJSON])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// A member of an object: its key, where the key starts, and its value.
    struct Member: Sendable, Equatable {
        let key: String
        let line: Int
        let column: Int
        let value: SourceJSON
    }

    /// A syntax error at a line and column (both from 1; columns count characters).
    struct SyntaxError: Error, Sendable, Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    let value: Value
    let line: Int
    let column: Int

    /// What a message calls this kind of value.
    var kind: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The value `text` holds, with nothing but white space after it.
    /// - Throws: ``SyntaxError``.
    static func parse(_ text: String) throws(SyntaxError) -> SourceJSON {
        var parser = Parser(Array(text.unicodeScalars))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.scalars.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    /// A recursive descent over the text's Unicode scalars, counting lines and columns as it goes.
    private struct Parser {
        /// Nesting past this is refused: the file is read by a server, and recursion is on its stack.
        static let maxDepth = 64

        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func error(_ message: String) -> SyntaxError { SyntaxError(line: line, column: column, message: message) }

        mutating func advance() {
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        mutating func skipSpace() {
            while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            }
        }

        mutating func expect(_ word: String) throws(SyntaxError) {
            for scalar in word.unicodeScalars {
                guard current == scalar else { throw error("expected \(word)") }
                advance()
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> SourceJSON {
            guard depth < Self.maxDepth else { throw error("nested more than \(Self.maxDepth) deep") }
            let (startLine, startColumn) = (line, column)
            func made(_ value: Value) -> SourceJSON { SourceJSON(value: value, line: startLine, column: startColumn) }
            switch current {
            case "{": return made(.object(try members(depth: depth)))
            case "[": return made(.array(try elements(depth: depth)))
            case "\"": return made(.string(try string()))
            case "t":
                try expect("true")
                return made(.bool(true))
            case "f":
                try expect("false")
                return made(.bool(false))
            case "n":
                try expect("null")
                return made(.null)
            case let scalar? where scalar == "-" || ("0"..."9").contains(scalar):
                return made(.number(try number()))
            case nil: throw error("the text ends where a value was expected")
            case let scalar?: throw error("unexpected character '\(scalar)' where a value was expected")
            }
        }

        mutating func members(depth: Int) throws(SyntaxError) -> [Member] {
            advance()
            skipSpace()
            var members: [Member] = []
            if current == "}" {
                advance()
                return members
            }
            while true {
                skipSpace()
                guard current == "\"" else { throw error("expected a key in quotes") }
                let (keyLine, keyColumn) = (line, column)
                let key = try string()
                skipSpace()
                guard current == ":" else { throw error("expected ':' after the key \"\(key)\"") }
                advance()
                skipSpace()
                members.append(Member(key: key, line: keyLine, column: keyColumn, value: try value(depth: depth + 1)))
                skipSpace()
                switch current {
                case ",": advance()
                case "}":
                    advance()
                    return members
                default: throw error("expected ',' or '}' after a member")
                }
            }
        }

        mutating func elements(depth: Int) throws(SyntaxError) -> [SourceJSON] {
            advance()
            skipSpace()
            var elements: [SourceJSON] = []
            if current == "]" {
                advance()
                return elements
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                switch current {
                case ",": advance()
                case "]":
                    advance()
                    return elements
                default: throw error("expected ',' or ']' after an element")
                }
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            advance()
            var text = String.UnicodeScalarView()
            while true {
                guard let scalar = current else { throw error("the text ends inside a string") }
                switch scalar {
                case "\"":
                    advance()
                    return String(text)
                case "\\":
                    advance()
                    text.append(try escaped())
                case _ where scalar.value < 0x20:
                    throw error("a control character inside a string (write it escaped)")
                default:
                    text.append(scalar)
                    advance()
                }
            }
        }

        mutating func escaped() throws(SyntaxError) -> Unicode.Scalar {
            guard let scalar = current else { throw error("the text ends inside a string") }
            advance()
            switch scalar {
            case "\"", "\\", "/": return scalar
            case "b": return "\u{08}"
            case "f": return "\u{0C}"
            case "n": return "\n"
            case "r": return "\r"
            case "t": return "\t"
            case "u":
                let high = try hexQuad()
                guard (0xD800...0xDBFF).contains(high) else {
                    guard let decoded = Unicode.Scalar(high) else { throw error("a lone surrogate \\u escape") }
                    return decoded
                }
                guard current == "\\" else { throw error("a lone surrogate \\u escape") }
                advance()
                guard current == "u" else { throw error("a lone surrogate \\u escape") }
                advance()
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low),
                    let decoded = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else { throw error("a lone surrogate \\u escape") }
                return decoded
            default: throw error("unknown escape '\\\(scalar)'")
            }
        }

        mutating func hexQuad() throws(SyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let scalar = current, let digit = UInt32(String(scalar), radix: 16) else {
                    throw error("expected four hexadecimal digits after \\u")
                }
                value = value * 16 + digit
                advance()
            }
            return value
        }

        mutating func number() throws(SyntaxError) -> Double {
            let (startIndex, startColumn) = (index, column)
            while let scalar = current, "-+.eE0123456789".unicodeScalars.contains(scalar) { advance() }
            let text = String(String.UnicodeScalarView(scalars[startIndex..<index]))
            guard let number = Double(text), text.first != "+", !text.hasPrefix("."), !text.hasPrefix("-.") else {
                throw SyntaxError(line: line, column: startColumn, message: "\(text) is not a number")
            }
            return number
        }
    }
}
