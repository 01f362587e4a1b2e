import Crypto
import HTMLPresenter

/// What an action token of a served page says, signed: the web host's tokens are not random but
/// name the page and the action, with a MAC every process sharing the store can check, so that it
/// finds the action also in a session it rebuilt from the store. The MAC is two-level, so that a
/// page of 28 actions costs one HMAC, not 28: the page's key (``PageKey``) is HMAC-SHA256 under the
/// store's token key (``ClickPathStore/tokenKey()``) over the session id and the page's fields; an
/// action's MAC is SipHash-2-4 of its position under that key (a pseudorandom function: the MACs of
/// a page's actions tell nothing of another position's, nor of another page's).
///
/// 128 bits, written as any action's ``OpaqueToken`` (22 base64url characters): the click path's
/// length when the page was captured (24 bits), the window's version (24 bits), a random tag of the
/// scene that issued it (16 bits), the action's position in the capture (16 bits), and 48 bits of
/// the HMAC.
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
    /// anything else (not a token, another session's, forged). `kept`, the session's key of the
    /// page it issued tokens for last, is used instead of computing it when it is this token's
    /// page's (a click on the page just served: one HMAC less).
    init?(verifying text: some StringProtocol, session: SessionID, key: TokenKey, kept: PageKey? = nil) {
        guard let token = OpaqueToken(compactText: text) else { return nil }
        self.init(token)
        let pageKey = if let kept, kept.page == page { kept } else { PageKey(session: session, key: key, page: self) }
        guard token.words.low & 0xFFFF_FFFF_FFFF == pageKey.mac(position: position) else { return nil }
    }

    /// The token, signed with `pageKey` (the key of this token's page).
    func signed(with pageKey: PageKey) -> OpaqueToken {
        OpaqueToken(high: page, low: UInt64(position) << 48 | pageKey.mac(position: position))
    }

    /// The fields that name the page: path length, version, scene.
    var page: UInt64 {
        UInt64(pathLength) << 40 | UInt64(version) << 16 | UInt64(scene)
    }

    /// The key of one page's tokens in one session: the first 128 bits of
    /// HMAC-SHA256(token key, session id ‖ page fields), kept while the page's tokens are issued.
    struct PageKey: Sendable, Equatable {
        /// The page fields (``ActionToken/page``) it is the key of.
        let page: UInt64
        private let function: SipHash24

        /// The key of the page `token` names, in the session `session`.
        init(session: SessionID, key: TokenKey, page token: ActionToken) {
            page = token.page
            let (sessionHigh, sessionLow) = session.words
            // The three words big-endian, one after the other: 24 bytes.
            let message = (sessionHigh.bigEndian, sessionLow.bigEndian, page.bigEndian)
            let code = withUnsafeBytes(of: message) { key.authenticationCode(for: $0) }
            function = code.withUnsafeBytes { bytes in
                func word(at offset: Int) -> UInt64 {
                    bytes[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
                }
                return SipHash24(key0: word(at: 0), key1: word(at: 8))
            }
        }

        /// The first 48 bits of SipHash-2-4 of the action's position (two bytes, big-endian).
        func mac(position: Int) -> UInt64 {
            withUnsafeBytes(of: UInt16(truncatingIfNeeded: position).bigEndian) { function.hash($0) }
                & 0xFFFF_FFFF_FFFF
        }
    }
}
