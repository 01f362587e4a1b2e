import HTMLPresenter

/// Parses an `application/x-www-form-urlencoded` body strictly: a malformed escape or text that
/// is not UTF-8 is an error, never a guess.
enum FormBody {
    struct MalformedError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The fields of `bytes`, in order.
    static func parse(_ bytes: some Collection<UInt8>) throws(MalformedError) -> FormFields {
        var fields: [FormFields.Field] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0])
            let value = parts.count > 1 ? try decode(parts[1]) : ""
            fields.append(FormFields.Field(name: name, value: value))
        }
        return FormFields(fields)
    }

    private static func decode(_ bytes: some Collection<UInt8>) throws(MalformedError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "+"):
                decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let high = bytes.index(after: index)
                guard high != bytes.endIndex, bytes.index(after: high) != bytes.endIndex,
                    let upper = hexValue(bytes[high]), let lower = hexValue(bytes[bytes.index(after: high)])
                else { throw MalformedError(description: "a % escape is not followed by two hex digits") }
                decoded.append(upper << 4 | lower)
                index = bytes.index(after: high)
            default:
                decoded.append(byte)
            }
            index = bytes.index(after: index)
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw MalformedError(description: "a field is not valid UTF-8")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
