import Crypto

/// A version in a static file's URL, as its folder's first path segment: `v` and 16 hex digits
/// (`/_flowhost/v0123456789abcdef/flowhost.css`, `/public/v0123456789abcdef/posters/3.svg`). A
/// file's URL under its folder's current version may be kept by a browser without asking again;
/// a version in the path, rather than a query, leaves what the page repeats (`/public/v.../posters/`)
/// one string, which compression takes away.
enum VersionSegment {
    /// The segment of a hash: `v` and the hex digits of its first 8 bytes.
    static func of(_ digest: SHA256.Digest) -> String {
        "v" + digest.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// A path under a folder's URL prefix without its version segment, and whether that segment is
    /// `current` (false when the path has none: a link written without a version).
    static func split(_ path: Substring, current: String?) -> (file: Substring, isCurrent: Bool) {
        guard let slash = path.firstIndex(of: "/") else { return (path, false) }
        let segment = path[..<slash]
        guard segment.count == 17, segment.first == "v",
            segment.dropFirst().allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else { return (path, false) }
        return (path[path.index(after: slash)...], current.map { segment == $0 } ?? false)
    }
}
