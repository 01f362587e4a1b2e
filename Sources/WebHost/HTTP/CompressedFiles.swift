import NIOCore
import Synchronization

/// The static files served compressed so far (``compresses(_:size:)`` says which), each
/// compressed once per version (its ETag: modification time and size); a new version replaces the
/// old one. Bounded: one entry per file of the served folders, at most ``maximumBytes`` of
/// compressed bytes (the files compressed longest ago go first); a file larger than
/// ``maximumFileSize`` is served as is.
final class CompressedFiles: Sendable {
    /// The largest file compressed (a folder of prototype assets holds stylesheets, scripts and
    /// icons, not archives).
    static let maximumFileSize: Int64 = 1 << 20
    /// The most compressed bytes kept.
    static let maximumBytes = 8 << 20

    private struct Entry {
        let eTag: String
        /// Nil: compressing did not make it smaller.
        let gzip: ByteBuffer?
    }

    private struct Cache {
        /// By real path.
        var entries: [String: Entry] = [:]
        /// The paths, oldest first.
        var order: [String] = []
        var bytes = 0

        mutating func remove(_ path: String) {
            guard let entry = entries.removeValue(forKey: path) else { return }
            order.removeAll { $0 == path }
            bytes -= entry.gzip?.readableBytes ?? 0
        }
    }

    private let cache = Mutex(Cache())

    /// Whether a file of `contentType` and `size` bytes is compressed: text, or a binary format
    /// that is not compressed already (``uncompressedBinaryTypes``), of at least
    /// ``CompressedBody/minimumLength`` bytes.
    static func compresses(_ contentType: String, size: Int64) -> Bool {
        guard size >= CompressedBody.minimumLength, size <= maximumFileSize else { return false }
        let type = contentType.prefix { $0 != ";" }.lowercased()
        return type.hasPrefix("text/") || type.hasSuffix("+xml") || type.hasSuffix("+json")
            || ["application/javascript", "application/json", "application/xml", "application/wasm"].contains(type)
            || uncompressedBinaryTypes.contains(type)
    }

    /// Binary formats a page loads that keep their bytes as they are, so gzip takes off about
    /// 40 %: an app's OpenType and TrueType fonts (Inter's four faces, 1,070,880 bytes, go as
    /// 634,996; the chrome serves them as WOFF2, 464,428), icons and bitmaps, as `StaticFiles`
    /// names their types (Hummingbird's table of extensions). WOFF, WOFF2, PNG, JPEG, GIF and WebP
    /// are compressed already.
    static let uncompressedBinaryTypes: Set<String> = [
        "font/otf", "font/ttf", "image/vnd.microsoft.icon", "image/bmp",
    ]

    /// `file` compressed: from the cache, or read and compressed now. Nil when compressing does
    /// not make it smaller, or when it changed while it was read.
    func gzip(of file: ServedFile) async throws -> ByteBuffer? {
        if let cached = cache.withLock({ $0.entries[file.path] }), cached.eTag == file.eTag { return cached.gzip }
        guard let contents = try await file.contents() else { return nil }
        let body = CompressedBody(contents)
        let gzip = body.isCompressed ? body.bytes(for: .gzip).bytes : nil
        cache.withLock { cache in
            cache.remove(file.path)
            cache.entries[file.path] = Entry(eTag: file.eTag, gzip: gzip)
            cache.order.append(file.path)
            cache.bytes += gzip?.readableBytes ?? 0
            while cache.bytes > Self.maximumBytes, let oldest = cache.order.first {
                cache.remove(oldest)
            }
        }
        return gzip
    }
}
