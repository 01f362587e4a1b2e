import Testing

@testable import WebHost

@Suite("Range headers, by RFC 9110: unsatisfiable is 416, malformed is ignored")
struct ByteRangeTests {
    @Test(
        "a range within a 10-byte file is those bytes",
        arguments: [
            ("bytes=0-3", 0...3), ("bytes=7-", 7...9), ("bytes=-3", 7...9), ("bytes=-20", 0...9),
            ("bytes=5-99999999999999999999999", 5...9), ("BYTES=2-2", 2...2), ("bytes=4-4, ", 4...4),
            ("bytes=9-100", 9...9),
        ] as [(String, ClosedRange<Int64>)])
    func partial(_ header: String, _ bytes: ClosedRange<Int64>) {
        #expect(ByteRange(header: header, size: 10) == .partial(bytes))
    }

    @Test(
        "a range that starts past the end, or asks for no byte, is unsatisfiable",
        arguments: ["bytes=10-", "bytes=99999999-", "bytes=99999999999999999999-", "bytes=-0", "bytes=10-12"])
    func unsatisfiable(_ header: String) {
        #expect(ByteRange(header: header, size: 10) == .unsatisfiable)
    }

    @Test(
        "a malformed range, another unit or several ranges are ignored: the whole file",
        arguments: [
            "bytes=5-1", "bytes=x-1", "bytes=1-x", "bytes=", "bytes=-", "bytes", "items=0-1", "bytes=0-1,3-4",
            "bytes=+1-2", "bytes=1--2", "bytes=0x1-2",
        ])
    func ignored(_ header: String) {
        #expect(ByteRange(header: header, size: 10) == .whole)
    }

    @Test("an empty file: any first position is unsatisfiable; a suffix is the (empty) file")
    func emptyFile() {
        #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-5", size: 0) == .whole)
        #expect(ByteRange(header: nil, size: 0) == .whole)
    }
}
