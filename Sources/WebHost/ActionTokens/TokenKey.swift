import Crypto
import Foundation

/// The store's token key (``ClickPathStore/tokenKey()``), ready to sign pages' keys
/// (``ActionToken/PageKey``): HMAC-SHA256 (RFC 2104) keyed once, its two hashes' states copied for
/// each message, since keying HMAC hashes the key's two pads, as much work as the message itself
/// (keying it anew for every page was 0.8 % of the server's CPU on an action round trip).
///
/// The two SHA-256 states are kept rather than swift-crypto's `HMAC`: its `update(data:)` is
/// generic over `DataProtocol` and not inlinable, so every page's MAC went through the runtime's
/// generic metadata and a loop over the message's regions (0.4 % of the server's CPU); SHA-256's
/// `update(bufferPointer:)` takes the bytes as they are. The known-answer test in
/// `ActionTokenTests` checks the MAC against Python's `hmac`.
struct TokenKey: Sendable {
    /// SHA-256 after the key's inner pad (the key XOR 0x36, zero-padded to a block).
    private let inner: SHA256
    /// SHA-256 after the key's outer pad (XOR 0x5c).
    private let outer: SHA256

    /// The key `key`.
    init(_ key: SymmetricKey) {
        var block = key.withUnsafeBytes { Array($0) }
        if block.count > SHA256.blockByteCount { block = Array(SHA256.hash(data: block)) }
        block += repeatElement(0, count: SHA256.blockByteCount - block.count)
        var inner = SHA256()
        inner.update(data: block.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(data: block.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }

    /// HMAC-SHA256 of `message` under the key.
    func authenticationCode(for message: UnsafeRawBufferPointer) -> SHA256Digest {
        var inner = inner
        inner.update(bufferPointer: message)
        var outer = outer
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize()
    }
}
