import CLibDeflate
import NIOCore
import Synchronization

/// gzip (RFC 1952) as the host uses it, through libdeflate: a page is compressed once per version,
/// on the way of the action that changed it, so speed counts more than the last bytes.
///
/// libdeflate compresses a whole buffer at once, which is all a page or a static file is. Its level
/// 1 gives smaller bytes than the zlib settings used before (level 2, 16 KB window, 32 KB of hash
/// memory) for less CPU: on the sample's movie list (12.5 KB of HTML) 2,229 bytes against 2,262
/// in 20.9 against 27.4 µs; on the chrome's stylesheet (29.8 KB) 8,608 bytes against 9,026 in 54.6
/// against 103.8 µs. Its level 2 costs about as much again as level 1 for 3 % fewer bytes; zlib's
/// default level 6 gives 2,044 bytes in 106 µs. (C, best of 500 compressions of each file, on the
/// benchmark machine: `Benchmarks/compression.sh`.)
enum Gzip {
    /// libdeflate's fastest level (its greedy matcher).
    private static let level: Int32 = 1

    /// A libdeflate compressor: used by one thread at a time, the one that took it from ``idle``.
    private struct Compressor: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Compressors ready for reuse: one holds 200 KB of tables (allocated anew, that is a mapping
    /// and its page faults for every page), and compressions run on several threads at once.
    private static let idle = Mutex<[Compressor]>([])
    /// The most kept: as many as compress at once in practice (the cooperative pool's threads).
    private static let maximumIdle = 4

    /// `bytes` compressed, if that makes them smaller; nil otherwise (or if no compressor can be
    /// made: only when memory runs out). The array is of the exact size (a page's compressed bytes
    /// are kept for as long as its session lives). `bytes` are read where they are: a rendered
    /// page is compressed straight from the buffer it was rendered into, never copied first.
    static func compress(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        // Room for one byte less than the input: libdeflate answers 0 when the output does not
        // fit, that is, when compressing would not make it smaller.
        guard bytes.count > 1,
            let compressor = idle.withLock({ $0.popLast() })
                ?? libdeflate_alloc_compressor(level).map(Compressor.init(pointer:))
        else { return nil }
        defer {
            let kept = idle.withLock { idle in
                guard idle.count < maximumIdle else { return false }
                idle.append(compressor)
                return true
            }
            if !kept { libdeflate_free_compressor(compressor.pointer) }
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count - 1) { output in
            let count = libdeflate_gzip_compress(
                compressor.pointer, bytes.baseAddress, bytes.count, output.baseAddress, output.count)
            return count == 0 ? nil : Array(output[..<count])
        }
    }

    /// The `length` bytes that `gzip` holds compressed. `gzip` is what ``compress(_:)`` made, so it
    /// inflates (an empty buffer if it does not).
    static func decompress(_ gzip: [UInt8], length: Int) -> ByteBuffer {
        guard let decompressor = libdeflate_alloc_decompressor() else { return ByteBuffer() }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = ByteBufferAllocator().buffer(capacity: length)
        let result = gzip.withUnsafeBytes { input in
            output.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { buffer in
                var written = 0
                let result = libdeflate_gzip_decompress(
                    decompressor, input.baseAddress, input.count, buffer.baseAddress, length, &written)
                return result == LIBDEFLATE_SUCCESS ? written : 0
            }
        }
        guard result == length else {
            assertionFailure("inflating what this process compressed failed")
            return ByteBuffer()
        }
        return output
    }
}
