import Crypto

/// What a store at rest keeps in place of a session id (a cookie value) or a share id (a link):
/// its SHA-256, in lowercase hex. A copy of the store then names no session a browser could take
/// over and no link anyone could open; the ids being 128 random bits, no salt is needed.
package enum IdentifierDigest {
    /// The SHA-256 of `id`'s UTF-8, as 64 lowercase hex digits.
    ///
    /// Every append digests its session id: the digits are written into one string's storage,
    /// not made as 32 strings and joined (which cost as much as the hash itself).
    package static func of(_ id: String) -> String {
        let digest = SHA256.hash(data: Array(id.utf8))
        return String(unsafeUninitializedCapacity: 2 * SHA256.byteCount) { digits in
            var next = 0
            for byte in digest {
                digits[next] = hexDigit(byte >> 4)
                digits[next + 1] = hexDigit(byte & 0x0F)
                next += 2
            }
            return next
        }
    }

    /// The ASCII of the lowercase hex digit `nibble` (0...15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
