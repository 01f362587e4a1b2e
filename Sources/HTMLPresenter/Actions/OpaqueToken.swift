/// 128 random bits, written as 32 lowercase hex digits (the web host's session ids in cookies, its
/// share and study links) or, in pages' action URLs, as 22 base64url characters
/// (``compactText``). Kept as two words, not a string, so that remembering many of them stays
/// small.
///
/// ```swift
/// let token = OpaqueToken.random()
/// #expect(OpaqueToken(token.text) == token)  // any other text is nil
/// #expect(OpaqueToken(compactText: token.compactText) == token)
/// ```
public struct OpaqueToken: Hashable, Sendable, CustomStringConvertible {
    private let high: UInt64
    private let low: UInt64

    /// A new token from the system's cryptographically secure generator.
    public static func random() -> OpaqueToken {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A new token from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> OpaqueToken {
        OpaqueToken(high: generator.next(), low: generator.next())
    }

    /// The token written in `text`, or nil unless it is exactly 32 lowercase hex digits.
    public init?(_ text: some StringProtocol) {
        guard let parsed = Self.read(text, with: Self.parse) else { return nil }
        self = parsed
    }

    /// `parse` of `text`'s own bytes: this runs for every cookie and every action posted, and
    /// walking a `some StringProtocol` generically (from another module, unspecialized) cost a
    /// served page's GET several percent of its time in profiles.
    private static func read(
        _ text: some StringProtocol, with parse: (UnsafeBufferPointer<UInt8>) -> OpaqueToken?
    ) -> OpaqueToken? {
        text.utf8.withContiguousStorageIfAvailable(parse) ?? Array(text.utf8).withUnsafeBufferPointer(parse)
    }

    /// The token in `bytes`, if they are 32 lowercase hex digits.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> OpaqueToken? {
        guard bytes.count == 32 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<32 {
            let byte = bytes[index]
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            if index < 16 { words.0 = words.0 << 4 | UInt64(value) } else { words.1 = words.1 << 4 | UInt64(value) }
        }
        return OpaqueToken(high: words.0, low: words.1)
    }

    /// The token of these 128 bits (the web host's signed action tokens are made so).
    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Its 128 bits, the first 64 in `high`.
    package var words: (high: UInt64, low: UInt64) { (high, low) }

    /// The 32 lowercase hex digits.
    public var text: String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            for index in 0..<32 {
                let word = index < 16 ? high : low
                let value = UInt8(truncatingIfNeeded: word >> (60 - 4 * UInt64(index % 16))) & 0xF
                buffer[index] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
            }
            return 32
        }
    }

    /// The 32 lowercase hex digits.
    public var description: String { text }

    /// The 22 characters an action travels as in a page (`/_action/<token>`): the 128 bits in
    /// base64url (RFC 4648 section 5: `A-Z a-z 0-9 - _`), unpadded. A page carries dozens of
    /// tokens and compression cannot shrink their random bits; written so, each costs about
    /// 1.4 bytes less on the wire than as hex (the sample's movie list, 28 actions: about 40 bytes).
    public var compactText: String {
        let bits = UInt128(high) << 64 | UInt128(low)
        return String(unsafeUninitializedCapacity: 22) { buffer in
            for index in 0..<21 {
                buffer[index] = Self.base64URLDigits[Int(truncatingIfNeeded: bits >> (122 - 6 * index) & 0x3F)]
            }
            // The last character carries the last 2 bits and 4 zero bits.
            buffer[21] = Self.base64URLDigits[Int(truncatingIfNeeded: bits & 0x3) << 4]
            return 22
        }
    }

    /// The token written in `compactText`, or nil unless it is exactly the 22 characters
    /// ``compactText`` writes (the last one's 4 spare bits zero: one text per token).
    public init?(compactText: some StringProtocol) {
        guard let parsed = Self.read(compactText, with: Self.parseCompact) else { return nil }
        self = parsed
    }

    private static func parseCompact(_ bytes: UnsafeBufferPointer<UInt8>) -> OpaqueToken? {
        guard bytes.count == 22 else { return nil }
        var bits: UInt128 = 0
        for index in 0..<22 {
            let byte = bytes[index]
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            if index < 21 {
                bits = bits << 6 | UInt128(value)
            } else {
                guard value & 0xF == 0 else { return nil }
                bits = bits << 2 | UInt128(value >> 4)
            }
        }
        return OpaqueToken(high: UInt64(truncatingIfNeeded: bits >> 64), low: UInt64(truncatingIfNeeded: bits))
    }

    private static let base64URLDigits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
}
