import HTMLTemplates

/// Finds named character references that HTML does not define (`Tom &nbps; Jerry`): libxml2 2.9
/// keeps them as text without a word, and the browser then shows `&nbps;` on the page.
///
/// Comments and the raw text of `<script>` and `<style>` are skipped: `&` there is not a reference.
enum CharacterReferenceScanner {
    /// Where `&` is not a reference: from each start to its end.
    private static let skippedRuns: [(start: [UInt8], end: String)] = [
        (Array("<!--".utf8), "-->"), (Array("<script".utf8), "</script"), (Array("<style".utf8), "</style"),
    ]

    /// One problem per unknown `&name;`, at its `&`, with the known name it is one typo away from.
    static func problems(in source: String) -> [HTMLProblem] {
        let bytes = Array(source.utf8)
        var problems: [HTMLProblem] = []
        var (index, line, lineStart) = (0, 1, 0)
        func skip(past terminator: String) {
            let end = Array(terminator.utf8)
            while index < bytes.count && !bytes[index...].lowercased(startsWith: end) {
                if bytes[index] == UInt8(ascii: "\n") { (line, lineStart) = (line + 1, index + 1) }
                index += 1
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"),
                let run = skippedRuns.first(where: { bytes[index...].lowercased(startsWith: $0.start) })
            {
                skip(past: run.end)
            } else if bytes[index] == UInt8(ascii: "&"), let name = referenceName(in: bytes, at: index + 1),
                !HTMLCharacterReferences.known.contains(name)
            {
                let column = bytes[lineStart..<index].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                problems.append(HTMLProblem(line: line, column: column, message: message(for: name)))
            } else if bytes[index] == UInt8(ascii: "\n") {
                (line, lineStart) = (line + 1, index + 1)
            }
            index += 1
        }
        return problems
    }

    /// The name of a `&name;` reference whose name starts at `start`; nil when none does.
    private static func referenceName(in bytes: [UInt8], at start: Int) -> Substring? {
        var end = start
        while end < bytes.count, isNameByte(bytes[end], first: end == start) { end += 1 }
        guard end > start, end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        return Substring(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (!first && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func message(for name: Substring) -> String {
        let text = "unknown character reference \"&\(name);\""
        guard let near = HTMLCharacterReferences.names.first(where: { isOneTypoAway(name, $0) }) else {
            return text + " (to show an ampersand, write &amp;)"
        }
        return text + " (did you mean \"&\(near);\"?)"
    }

    /// Whether `typed` becomes `known` by one changed, added, dropped or swapped character.
    private static func isOneTypoAway(_ typed: Substring, _ known: Substring) -> Bool {
        let (a, b) = (Array(typed.utf8), Array(known.utf8))
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        let (restA, restB) = (a[prefix...], b[prefix...])
        if a.count == b.count {
            return restA.dropFirst().elementsEqual(restB.dropFirst())
                || (restA.count >= 2 && restA.dropFirst(2).elementsEqual(restB.dropFirst(2))
                    && restA.first == restB.dropFirst().first && restB.first == restA.dropFirst().first)
        }
        return a.count > b.count ? restA.dropFirst().elementsEqual(restB) : restA.elementsEqual(restB.dropFirst())
    }
}

extension ArraySlice<UInt8> {
    /// Whether these bytes start with `prefix` (lowercase ASCII), ignoring ASCII case.
    fileprivate func lowercased(startsWith prefix: [UInt8]) -> Bool {
        guard count >= prefix.count else { return false }
        return zip(self, prefix).allSatisfy { byte, expected in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte) == expected
        }
    }
}
