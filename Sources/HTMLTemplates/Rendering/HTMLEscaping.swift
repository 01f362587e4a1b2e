/// FlowHost's one HTML escaper, over UTF-8 bytes: text without a character to escape is appended as
/// it is. Templates escape `{{name}}` with it (``Context/anywhere``); HTML written by other means
/// (the snapshot normalizer's lines, markup inserted into an SVG) with it too.
public enum HTMLEscaping {
    /// Where the text goes, which says what must be escaped.
    public enum Context: Sendable {
        /// Text content: `&`, `<` and `>`.
        case text
        /// A double-quoted attribute value: those and `"`.
        case attribute
        /// Anywhere, not knowing where (what `{{name}}` writes): those and `'`.
        case anywhere
    }

    /// `text` escaped for `context`.
    public static func escaped(_ text: String, for context: Context = .anywhere) -> String {
        var output = ""
        append(text, to: &output, for: context)
        return output
    }

    /// Appends `text` to `output`, escaped for `context`.
    public static func append(_ text: String, to output: inout String, for context: Context = .anywhere) {
        let utf8 = text.utf8
        // A native string's bytes are scanned in place (through the view's indices the scan went
        // through its collection witness, byte by byte); a bridged one's through the view.
        let hasSpecial =
            utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { isSpecial($0, in: context) } }
            ?? utf8.contains { isSpecial($0, in: context) }
        guard hasSpecial else {
            output += text
            return
        }
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if let replacement = replacement(for: utf8[index], in: context) {
                output += text[start..<index]
                output += replacement.description
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        output += text[start..<utf8.endIndex]
    }

    /// Whether `byte` is escaped in `context` (the scan every value goes through: no strings).
    @inline(__always)
    static func isSpecial(_ byte: UInt8, in context: Context) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || (byte == 0x22 && context != .text)
            || (byte == 0x27 && context == .anywhere)
    }

    /// What `byte` is written as in `context`, or nil when it is written as it is.
    @inline(__always)
    static func replacement(for byte: UInt8, in context: Context) -> StaticString? {
        switch byte {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: context == .text ? nil : "&quot;"
        case 0x27: context == .anywhere ? "&#39;" : nil
        default: nil
        }
    }
}
