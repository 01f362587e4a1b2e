import HTMLPresenter

/// A browser session's identifier: an ``OpaqueToken`` in the `flowhost_session` cookie. Only
/// identifiers the server issued are ever used.
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    private let token: OpaqueToken

    /// A new random identifier.
    static func random() -> SessionID {
        SessionID(token: .random())
    }

    /// The identifier written in `text`, or nil unless it is exactly 32 lowercase hex digits.
    init?(_ text: some StringProtocol) {
        guard let token = OpaqueToken(text) else { return nil }
        self.token = token
    }

    private init(token: OpaqueToken) {
        self.token = token
    }

    /// The cookie value.
    var description: String { token.text }

    /// Its 128 bits (signed action tokens name the session by them).
    var words: (high: UInt64, low: UInt64) { token.words }

    /// The first eight digits, for logs.
    var short: String { String(token.text.prefix(8)) }
}
