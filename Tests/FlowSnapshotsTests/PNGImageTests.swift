import Foundation
import Testing

@testable import FlowSnapshots

@Suite("PNG pictures through libpng")
struct PNGImageTests {
    let picture = PNGImage(
        width: 3, height: 2,
        pixels: [
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
            0, 0, 0, 0, 128, 128, 128, 128, 255, 255, 255, 255,
        ])

    @Test("a picture written and read back has the same pixels, and the same pixels give the same bytes")
    func roundTrip() throws {
        let png = try picture.pngData()
        #expect(png.starts(with: PNGImage.signature))
        #expect(try PNGImage(png: png) == picture)
        #expect(try picture.pngData() == png, "no time or other varying chunk")
    }

    @Test("a file that is not a PNG, or a damaged one, is refused with a reason")
    func notPNG() throws {
        #expect(throws: PNGError(reason: "not a PNG file")) { try PNGImage(png: Data("<svg/>".utf8)) }
        let damaged = try picture.pngData().prefix(40)
        let error = #expect(throws: PNGError.self) { try PNGImage(png: damaged) }
        #expect(error?.reason.isEmpty == false)
    }

    @Test("a PNG that claims more pixels than any screen is refused before its pixels are allocated")
    func huge() throws {
        var png = [UInt8](try picture.pngData())
        // IHDR's width, then height, big-endian, at bytes 16 and 20: 100,000 x 100,000; then its CRC.
        png.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        let crc = Self.crc32(png[12..<29])
        png.replaceSubrange(29..<33, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) })
        let error = #expect(throws: PNGError.self) { try PNGImage(png: Data(png)) }
        #expect(error?.reason.contains("more than a snapshot has") == true, "\(String(describing: error))")
    }

    /// PNG's CRC-32 of a chunk's type and data.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
