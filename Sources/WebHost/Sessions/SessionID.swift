/// A browser session's identifier: 128 random bits, written as 32 lowercase hex digits in the
/// `flowhost_session` cookie. Only identifiers the server issued are ever used.
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    let high: UInt64
    let low: UInt64

    /// A new random identifier.
    static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        return SessionID(high: generator.next(), low: generator.next())
    }

    /// The identifier written in `text`, or nil unless it is exactly 32 lowercase hex digits.
    init?(_ text: some StringProtocol) {
        let utf8 = text.utf8
        guard utf8.count == 32,
            utf8.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }),
            let high = UInt64(text.prefix(16), radix: 16), let low = UInt64(text.suffix(16), radix: 16)
        else { return nil }
        self.init(high: high, low: low)
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The cookie value.
    var description: String { Self.hex(high) + Self.hex(low) }

    /// The first eight digits, for logs.
    var short: String { String(description.prefix(8)) }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
