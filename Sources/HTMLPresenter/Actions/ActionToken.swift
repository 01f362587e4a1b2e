/// An action token's 128 random bits: what the action table keys and remembers (two words, not a
/// 32-character string, so that a long session's memory of retired tokens stays small).
struct ActionToken: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    /// A new random token.
    static func random(using generator: inout some RandomNumberGenerator) -> ActionToken {
        ActionToken(high: generator.next(), low: generator.next())
    }

    /// The token written in `text`, or nil unless it is exactly 32 lowercase hex digits.
    init?(_ text: some StringProtocol) {
        guard text.utf8.count == 32 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        for (index, byte) in text.utf8.enumerated() {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            if index < 16 { words.0 = words.0 << 4 | UInt64(value) } else { words.1 = words.1 << 4 | UInt64(value) }
        }
        self.init(high: words.0, low: words.1)
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The 32 lowercase hex digits.
    var text: String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            for index in 0..<32 {
                let word = index < 16 ? high : low
                let value = UInt8(truncatingIfNeeded: word >> (60 - 4 * UInt64(index % 16))) & 0xF
                buffer[index] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
            }
            return 32
        }
    }
}
