/// HTML escaping over UTF-8 bytes: text without `& < > " '` is appended as is.
enum HTMLEscaping {
    static func append(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        guard utf8.contains(where: isSpecial) else {
            output += text
            return
        }
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let replacement: String? =
                switch utf8[index] {
                case 0x26: "&amp;"
                case 0x3C: "&lt;"
                case 0x3E: "&gt;"
                case 0x22: "&quot;"
                case 0x27: "&#39;"
                default: nil
                }
            if let replacement {
                output += text[start..<index]
                output += replacement
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        output += text[start..<utf8.endIndex]
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
    }
}
