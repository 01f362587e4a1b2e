/// Text as a Swift string literal, for Swift source FlowHost writes (a copied test, a generated
/// `Package.swift`): quotes and backslashes escaped, and every character that does not show
/// as itself written `\u{...}` — controls (C0, C1, DEL), format characters (bidi overrides and
/// isolates U+202A–U+202E and U+2066–U+2069, zero-width U+200B–U+200F, U+FEFF), line and paragraph
/// separators and spaces other than U+0020 — so that what a reviewer reads is what the compiler
/// reads (no Trojan Source).
package enum SwiftStringLiteral {
    /// `"text"`, escaped.
    package static func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where isHidden(scalar):
                literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
        case .spaceSeparator: scalar != " "
        default: false
        }
    }
}
