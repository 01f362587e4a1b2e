/// FlowHost's one HTML escaper: its rules (what is escaped where, and as what) and the one loop
/// that applies them, over UTF-8 bytes (`HTMLOutput.appendEscaped`, what a render writes with). Text without a character
/// to escape is appended as it is. Templates escape `{{name}}` with it (``Context/anywhere``); HTML
/// written by other means (the snapshot normalizer's lines, the flow map's labels, markup inserted
/// into an SVG) goes through ``escaped(_:for:)``, which writes through the same loop.
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

    /// Appends `text` to `output`, escaped for `context`. Text with a character to escape goes
    /// through the render's byte escaper (`HTMLOutput`), so that the rules are run by one loop.
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
        // Each special grows by at most 5 bytes (`&quot;`): room for a few without growing again.
        var escaped = HTMLOutput(capacity: utf8.count + 32)
        escaped.appendEscaped(text, for: context)
        output += escaped.text
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
