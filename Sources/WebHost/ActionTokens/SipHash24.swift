/// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed pseudorandom function for short inputs,
/// here the MAC of one action on a page under that page's key (``ActionToken``). Swift's own
/// `Hasher` is SipHash-1-3 under a per-process random seed, which a caller cannot key.
struct SipHash24: Sendable, Equatable {
    private let key0: UInt64
    private let key1: UInt64

    /// The function under the 128-bit key `key0 ‖ key1` (each word as SipHash reads key bytes:
    /// little-endian).
    init(key0: UInt64, key1: UInt64) {
        self.key0 = key0
        self.key1 = key1
    }

    /// The 64-bit SipHash-2-4 of `bytes`.
    func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
        var state = State(key0: key0, key1: key1)
        var word: UInt64 = 0
        var count = 0
        for byte in bytes {
            word |= UInt64(byte) << (8 * UInt64(count % 8))
            count += 1
            if count % 8 == 0 {
                state.compress(word)
                word = 0
            }
        }
        state.compress(word | UInt64(truncatingIfNeeded: count) << 56)
        return state.finalize()
    }

    private struct State {
        var v0: UInt64, v1: UInt64, v2: UInt64, v3: UInt64

        init(key0: UInt64, key1: UInt64) {
            v0 = key0 ^ 0x736f_6d65_7073_6575
            v1 = key1 ^ 0x646f_7261_6e64_6f6d
            v2 = key0 ^ 0x6c79_6765_6e65_7261
            v3 = key1 ^ 0x7465_6462_7974_6573
        }

        mutating func compress(_ word: UInt64) {
            v3 ^= word
            round()
            round()
            v0 ^= word
        }

        mutating func finalize() -> UInt64 {
            v2 ^= 0xff
            for _ in 0..<4 { round() }
            return v0 ^ v1 ^ v2 ^ v3
        }

        private mutating func round() {
            v0 &+= v1
            v1 = v1.rotatedLeft(13) ^ v0
            v0 = v0.rotatedLeft(32)
            v2 &+= v3
            v3 = v3.rotatedLeft(16) ^ v2
            v0 &+= v3
            v3 = v3.rotatedLeft(21) ^ v0
            v2 &+= v1
            v1 = v1.rotatedLeft(17) ^ v2
            v2 = v2.rotatedLeft(32)
        }
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}
