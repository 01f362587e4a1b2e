/// Blanks out mustache tags so that the HTML check sees the template's markup at the same lines and
/// columns: every byte of a tag becomes a space, newlines stay.
enum MustacheNeutralizer {
    static func neutralize(_ source: String) -> String {
        var bytes = Array(source.utf8)
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let triple = index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: "{")
            let closing = Array((triple ? "}}}" : "}}").utf8)
            var end = index + 2
            while end + closing.count <= bytes.count && !bytes[end..<(end + closing.count)].elementsEqual(closing) {
                end += 1
            }
            let stop = min(end + closing.count, bytes.count)
            for position in index..<stop where bytes[position] != UInt8(ascii: "\n") {
                bytes[position] = UInt8(ascii: " ")
            }
            index = stop
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
