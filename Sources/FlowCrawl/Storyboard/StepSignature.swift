/// A step's case with its argument labels and without its values: `detail(id: 3)` is
/// `detail(id:)`, `screen("B")` is `screen(_:)`, `logOut` stays `logOut`. The storyboard names
/// segues by it: what a step carries is content (and may be what a person typed), its case is
/// navigation.
enum StepSignature {
    /// The signature of a step described as `description` (Swift's description of an enum case).
    static func of(_ description: String) -> String {
        guard let open = description.firstIndex(of: "("), description.last == ")" else { return description }
        let name = description[..<open]
        let arguments = description[description.index(after: open)..<description.index(before: description.endIndex)]
        return name + "(" + topLevelParts(of: arguments).map { label(of: $0) + ":" }.joined() + ")"
    }

    /// The label of one argument (`id: 3` is `id`), `_` when it has none.
    private static func label(of argument: Substring) -> String {
        let trimmed = argument.drop { $0 == " " }
        let name = trimmed.prefix { $0 == "_" || $0.isLetter || $0.isNumber }
        guard !name.isEmpty, !(name.first?.isNumber ?? true), trimmed.dropFirst(name.count).first == ":" else {
            return "_"
        }
        return String(name)
    }

    /// The arguments of a case, split at the commas outside quotes and brackets.
    private static func topLevelParts(of text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var inQuotes = false
        var escaped = false
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if inQuotes {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                }
                continue
            }
            switch character {
            case "\"": inQuotes = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        if start < text.endIndex || !parts.isEmpty { parts.append(text[start...]) }
        return parts
    }
}
