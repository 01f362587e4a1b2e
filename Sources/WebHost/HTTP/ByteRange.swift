/// What a `Range` header asks of a file of `size` bytes, by RFC 9110 §14: an unsatisfiable range
/// is answered `416`, one the server does not take — malformed (`bytes=5-1`, `bytes=x`), another
/// unit, several ranges — is ignored (the whole file, `200`), as §14.2 allows.
enum ByteRange: Equatable {
    /// The whole file: no `Range`, or one that is ignored.
    case whole
    /// These bytes (`206` with `Content-Range: bytes first-last/size`).
    case partial(ClosedRange<Int64>)
    /// No byte of the file (`416` with `Content-Range: bytes */size`).
    case unsatisfiable

    /// The range `header` asks of a file of `size` bytes.
    init(header: String?, size: Int64) {
        guard let header, let equals = header.firstIndex(of: "="),
            header[..<equals].trimmingOWS().lowercased() == "bytes"
        else {
            self = .whole
            return
        }
        // `1#range-spec`: empty list elements are allowed and skipped (RFC 9110 §5.6.1).
        let specs = header[header.index(after: equals)...].split(separator: ",").map { $0.trimmingOWS() }
            .filter { !$0.isEmpty }
        guard specs.count == 1, let spec = Spec(specs[0]) else {
            self = .whole
            return
        }
        switch spec {
        case .from(let first, let last):
            self = first < size ? .partial(first...min(last ?? size - 1, size - 1)) : .unsatisfiable
        case .suffix(let length):
            if length == 0 {
                self = .unsatisfiable
            } else if size == 0 {
                // Satisfiable by §14.1.1, but no Content-Range can name zero bytes: the (empty) file.
                self = .whole
            } else {
                self = .partial(max(size - length, 0)...(size - 1))
            }
        }
    }

    /// One `range-spec`.
    private enum Spec {
        /// `first-pos "-" [ last-pos ]`.
        case from(Int64, last: Int64?)
        /// `"-" suffix-length`.
        case suffix(Int64)

        /// Nil for an invalid spec: not digits, or a last position before the first.
        init?(_ text: Substring) {
            guard let dash = text.firstIndex(of: "-") else { return nil }
            let before = text[..<dash]
            let after = text[text.index(after: dash)...]
            if before.isEmpty {
                guard let length = Self.position(after) else { return nil }
                self = .suffix(length)
            } else {
                guard let first = Self.position(before) else { return nil }
                if after.isEmpty {
                    self = .from(first, last: nil)
                } else {
                    guard let last = Self.position(after), last >= first else { return nil }
                    self = .from(first, last: last)
                }
            }
        }

        /// `1*DIGIT`; a number too large for 64 bits is as large as can be (beyond any file).
        private static func position(_ digits: Substring) -> Int64? {
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
            return Int64(digits) ?? .max
        }
    }
}

extension Substring {
    /// Without the optional whitespace (spaces and tabs) HTTP allows around list elements.
    fileprivate func trimmingOWS() -> Substring {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isOWS($0) }), let end = lastIndex(where: { !isOWS($0) }) else {
            return ""
        }
        return self[start...end]
    }
}
