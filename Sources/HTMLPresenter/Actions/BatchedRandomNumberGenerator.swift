#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's random words, fetched 64 at a time and shared by every window's action table: each
/// capture issues a token (two words) per action on screen, and the standard library's generator
/// makes one system call per word, which showed in profiles of a busy server.
@MainActor
struct BatchedRandomNumberGenerator: @MainActor RandomNumberGenerator {
    private static var words: [UInt64] = []

    /// The next word.
    mutating func next() -> UInt64 {
        if Self.words.isEmpty { Self.refill() }
        return Self.words.removeLast()
    }

    private static func refill() {
        var fresh = [UInt64](repeating: 0, count: 64)
        // arc4random_buf: the kernel's generator through one call (glibc 2.36 and Darwin).
        fresh.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
        words = fresh
    }
}
