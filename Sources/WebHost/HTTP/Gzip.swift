import CompressNIO
import NIOCore

/// gzip (RFC 1952) as the host uses it, through zlib.
///
/// Level 2, a 16 KB window and 32 KB of hash memory: a page is compressed once per version, on the
/// way of the action that changed it, so speed counts more than the last bytes. On the sample's
/// movie list (12.5 KB) it gives 2.6 KB in about 32 µs on the benchmark machine; zlib's defaults
/// (level 6, 32 KB window, 128 KB of hash memory) give 2.4 KB in 110 µs, level 1 with them 2.7 KB
/// in 77 µs (Python's zlib, the same library, best of seven; a smaller hash is less to clear
/// for every page).
enum Gzip {
    private static let algorithm = CompressionAlgorithm.gzip(
        configuration: ZlibConfiguration(
            windowSize: .window64k, compressionLevel: .compressionLevel2, memoryLevel: .memory32K))

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
