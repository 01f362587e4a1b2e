/// 128 random bits, written as 32 lowercase hex digits: action tokens in URLs, the web host's
/// session ids in cookies. Kept as two words, not a 32-character string, so that remembering many
/// of them stays small.
///
/// ```swift
/// let token = OpaqueToken.random()
/// #expect(OpaqueToken(token.text) == token)  // any other text is nil
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
        // Read from the text's own bytes: this runs for every cookie and every action posted, and
        // walking a `some StringProtocol` generically (from another module, unspecialized) cost a
        // served page's GET several percent of its time in profiles.
        let parsed =
            text.utf8.withContiguousStorageIfAvailable(Self.parse)
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.parse)
        guard let parsed else { return nil }
        self = parsed
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
}
