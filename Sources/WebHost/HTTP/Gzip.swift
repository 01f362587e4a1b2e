import CompressNIO
import NIOCore

/// gzip (RFC 1952) as the host uses it, through zlib.
///
/// Level 1 with a 16 KB window: a page is compressed once per version, on the way of the action
/// that changed it, so speed counts more than the last bytes. On the sample's movie list (12.5 KB)
/// it gives about 2.2 KB in some 30 µs, where zlib's default level gives 1.9 KB in three to six
/// times the time.
enum Gzip {
    private static let algorithm = CompressionAlgorithm.gzip(
        configuration: ZlibConfiguration(windowSize: .window64k, compressionLevel: .fastestCompression))

    /// `bytes` compressed; nil if zlib fails (it only does when memory runs out).
    static func compress(_ bytes: ByteBuffer) -> [UInt8]? {
        var input = bytes
        guard let output = try? input.compress(with: algorithm) else { return nil }
        return Array(output.readableBytesView)
    }

    /// The `length` bytes that `gzip` holds compressed. `gzip` is what ``compress(_:)`` made, so it
    /// inflates (an empty buffer if it does not).
    static func decompress(_ gzip: [UInt8], length: Int) -> ByteBuffer {
        var input = ByteBuffer(bytes: gzip)
        var output = ByteBufferAllocator().buffer(capacity: length)
        do {
            try input.decompress(to: &output, with: algorithm)
        } catch {
            assertionFailure("inflating what this process compressed failed: \(error)")
            return ByteBuffer()
        }
        return output
    }
}
