import Crypto

/// What a store at rest keeps in place of a session id (a cookie value) or a share id (a link):
/// its SHA-256, in lowercase hex. A copy of the store then names no session a browser could take
/// over and no link anyone could open; the ids being 128 random bits, no salt is needed.
package enum IdentifierDigest {
    /// The SHA-256 of `id`'s UTF-8, as 64 lowercase hex digits.
    package static func of(_ id: String) -> String {
        SHA256.hash(data: Array(id.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
