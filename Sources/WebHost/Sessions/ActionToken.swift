import Crypto
import HTMLPresenter

/// What an action token of a served page says, signed: the web host's tokens are not random but
/// name the page and the action, with an HMAC-SHA256 under the store's token key
/// (``ClickPathStore/tokenKey()``) over the session id and those fields. Every process sharing the
/// store can so check a token and find its action, also in a session it rebuilt from the store.
///
/// 128 bits, written like any ``OpaqueToken`` (32 hex digits): the click path's length when the
/// page was captured (24 bits), the window's version (24 bits), a random tag of the scene that
/// issued it (16 bits), the action's position in the capture (16 bits), and 48 bits of the HMAC.
/// Lengths and versions wrap at 2^24 (paths are bounded far below: `--max-path-entries`). 48 bits
/// of HMAC are enough: a token is only good with its session's cookie, so guessing one means
/// posting from that session's own browser, once a guess.
struct ActionToken: Sendable, Equatable {
    /// How many entries the session's click path had when the page was captured.
    let pathLength: Int
    /// The window's version at the capture.
    let version: Int
    /// The scene (window) that issued it: the same scene finds it in its action table; another one
    /// (in another process, or rebuilt in this one) by ``position``.
    let scene: UInt16
    /// The action's position in the capture (the order the capture registered the actions).
    let position: Int

    private static let fieldMask = 0xFF_FFFF

    /// A token's fields; lengths and versions are kept modulo 2^24.
    init(pathLength: Int, version: Int, scene: UInt16, position: Int) {
        self.pathLength = pathLength & Self.fieldMask
        self.version = version & Self.fieldMask
        self.scene = scene
        self.position = position & 0xFFFF
    }

    /// The fields of `token`, unchecked (the HTTP layer checked it with ``init(verifying:session:key:)``).
    init(_ token: OpaqueToken) {
        let high = token.words.high
        self.init(
            pathLength: Int(high >> 40), version: Int(high >> 16), scene: UInt16(truncatingIfNeeded: high),
            position: Int(token.words.low >> 48))
    }

    /// The fields of `text` when it is a token signed for the session `session` with `key`; nil for
    /// anything else (not a token, another session's, forged).
    init?(verifying text: some StringProtocol, session: SessionID, key: SymmetricKey) {
        guard let token = OpaqueToken(text) else { return nil }
        self.init(token)
        guard token.words.low & 0xFFFF_FFFF_FFFF == mac(session: session, key: key) else { return nil }
    }

    /// The token, signed for the session `session` with `key`.
    func signed(for session: SessionID, key: SymmetricKey) -> OpaqueToken {
        OpaqueToken(high: high, low: UInt64(position) << 48 | mac(session: session, key: key))
    }

    private var high: UInt64 {
        UInt64(pathLength) << 40 | UInt64(version) << 16 | UInt64(scene)
    }

    /// The first 48 bits of HMAC-SHA256(key, session id ‖ fields).
    private func mac(session: SessionID, key: SymmetricKey) -> UInt64 {
        var message = [UInt8]()
        message.reserveCapacity(26)
        let (sessionHigh, sessionLow) = session.words
        for word in [sessionHigh, sessionLow, high] {
            for shift in stride(from: 56, through: 0, by: -8) {
                message.append(UInt8(truncatingIfNeeded: word >> shift))
            }
        }
        message.append(UInt8(truncatingIfNeeded: position >> 8))
        message.append(UInt8(truncatingIfNeeded: position))
        let code = HMAC<SHA256>.authenticationCode(for: message, using: key)
        return code.withUnsafeBytes { bytes in bytes.prefix(6).reduce(0) { $0 << 8 | UInt64($1) } }
    }
}
