/// The part of HTML's tokenizer (WHATWG HTML §13.2.5) the template compiler runs over a template's
/// text, one byte at a time: text, start and end tags, attributes (quoted or not), comments and the
/// raw text of `script`, `style`, `textarea` and `title`. With it the compiler knows, at every
/// `{{variable}}`, whether it is written into text, into an attribute (of which tag) or inside a
/// tag, and where the tags of the elements that carry actions start and end (HEEx knows the same).
///
/// A `{{variable}}` or section tag in between is not markup: the scanner reads across it as if it
/// were not there, the way the HTML check reads the template with every section shown once.
struct MarkupScanner {
    enum State: Equatable {
        case data
        /// After `<`.
        case tagOpen
        /// After `</`.
        case endTagOpen
        case tagName
        case beforeAttributeName
        case attributeName
        case afterAttributeName
        case beforeAttributeValue
        /// In a value quoted with `quote`, or unquoted when `quote` is nil.
        case attributeValue(quote: UInt8?)
        /// After `<!` or `<?`, up to `>`.
        case declaration
        /// After `<!--`, up to `-->`.
        case comment
        /// In the text of a raw text element, up to its end tag.
        case rawText
    }

    /// What the byte just read did, beyond moving the state.
    struct Events: OptionSet {
        let rawValue: UInt8
        /// It ended a tag's name: ``tagName`` and ``isEndTag`` say which tag.
        static let tagNamed = Events(rawValue: 1)
        /// It is the `>` that closes a tag.
        static let tagClosed = Events(rawValue: 2)
        /// It is the first byte of an attribute's name.
        static let attributeStarted = Events(rawValue: 4)
        /// It begins an attribute's value: the opening quote, or the first byte of an unquoted one.
        static let valueStarted = Events(rawValue: 8)
        /// It ends an attribute's value: the closing quote, or what follows an unquoted one.
        static let valueEnded = Events(rawValue: 16)
        /// It ended an attribute's name (``attributeName`` holds it).
        static let attributeNamed = Events(rawValue: 32)
    }

    private(set) var state = State.data
    /// The tag being read or last read, lowercased.
    private(set) var tagName = ""
    /// Whether that tag is an end tag.
    private(set) var isEndTag = false
    /// The attribute being read or last read, lowercased.
    private(set) var attributeName = ""
    /// Whether the value being read holds nothing yet.
    private(set) var valueIsEmpty = true
    private var name: [UInt8] = []
    /// How much of `-->` (in a comment) or of the raw text element's end tag has been seen.
    private var matched = 0
    private var rawTextEnd: [UInt8] = []

    private static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    /// Reads `byte`.
    mutating func read(_ byte: UInt8) -> Events {
        switch state {
        case .data:
            if byte == UInt8(ascii: "<") { state = .tagOpen }
            return []
        case .tagOpen:
            if Self.isLetter(byte) {
                (state, isEndTag, name) = (.tagName, false, [Self.lowercased(byte)])
            } else if byte == UInt8(ascii: "/") {
                state = .endTagOpen
            } else if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") {
                (state, matched) = (.declaration, byte == UInt8(ascii: "!") ? 1 : 0)
            } else {
                state = byte == UInt8(ascii: "<") ? .tagOpen : .data
            }
            return []
        case .endTagOpen:
            if Self.isLetter(byte) {
                (state, isEndTag, name) = (.tagName, true, [Self.lowercased(byte)])
            } else {
                state = byte == UInt8(ascii: ">") ? .data : .declaration
            }
            return []
        case .tagName:
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") {
                tagName = String(decoding: name, as: UTF8.self)
                var events: Events = .tagNamed
                if byte == UInt8(ascii: ">") {
                    events.insert(closeTag())
                } else {
                    state = .beforeAttributeName
                }
                return events
            }
            name.append(Self.lowercased(byte))
            return []
        case .beforeAttributeName:
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") { return [] }
            if byte == UInt8(ascii: ">") { return closeTag() }
            (state, name) = (.attributeName, [Self.lowercased(byte)])
            return .attributeStarted
        case .attributeName:
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "=")
            {
                attributeName = String(decoding: name, as: UTF8.self)
                switch byte {
                case UInt8(ascii: "="): state = .beforeAttributeValue
                case UInt8(ascii: ">"): return [.attributeNamed, closeTag()]
                default: state = .afterAttributeName
                }
                return .attributeNamed
            }
            name.append(Self.lowercased(byte))
            return []
        case .afterAttributeName:
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") { return [] }
            if byte == UInt8(ascii: "=") {
                state = .beforeAttributeValue
                return []
            }
            if byte == UInt8(ascii: ">") { return closeTag() }
            (state, name) = (.attributeName, [Self.lowercased(byte)])
            return .attributeStarted
        case .beforeAttributeValue:
            if Self.isSpace(byte) { return [] }
            if byte == UInt8(ascii: ">") { return closeTag() }
            valueIsEmpty = true
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                state = .attributeValue(quote: byte)
            } else {
                state = .attributeValue(quote: nil)
                valueIsEmpty = false
            }
            return .valueStarted
        case .attributeValue(let quote?):
            if byte == quote {
                state = .beforeAttributeName
                return .valueEnded
            }
            valueIsEmpty = false
            return []
        case .attributeValue(nil):
            if Self.isSpace(byte) {
                state = .beforeAttributeName
                return .valueEnded
            }
            if byte == UInt8(ascii: ">") { return [.valueEnded, closeTag()] }
            return []
        case .declaration:
            // `<!--` opens a comment: `matched` counts the dashes after `<!`.
            if matched > 0 && byte == UInt8(ascii: "-") {
                matched += 1
                if matched == 3 { (state, matched) = (.comment, 0) }
                return []
            }
            matched = 0
            if byte == UInt8(ascii: ">") { state = .data }
            return []
        case .comment:
            if byte == UInt8(ascii: "-") {
                matched = min(matched + 1, 2)
            } else if byte == UInt8(ascii: ">") && matched == 2 {
                (state, matched) = (.data, 0)
            } else {
                matched = 0
            }
            return []
        case .rawText:
            if Self.lowercased(byte) == rawTextEnd[matched] {
                matched += 1
                if matched == rawTextEnd.count {
                    // The end tag's name is read: go on as in any end tag.
                    (state, isEndTag, name, matched) = (.tagName, true, Array(rawTextEnd.dropFirst(2)), 0)
                }
            } else {
                matched = Self.lowercased(byte) == rawTextEnd[0] ? 1 : 0
            }
            return []
        }
    }

    /// A `{{variable}}` written where the scanner is: in a value it is content, so the value is no
    /// longer empty.
    mutating func readVariable() {
        if case .attributeValue = state { valueIsEmpty = false }
    }

    private mutating func closeTag() -> Events {
        if !isEndTag, Self.rawTextElements.contains(tagName) {
            (state, rawTextEnd, matched) = (.rawText, Array("</\(tagName)".utf8), 0)
        } else {
            state = .data
        }
        return .tagClosed
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r") || byte == 0x0C
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
