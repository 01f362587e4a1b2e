import Testing

@testable import FlowSnapshots

/// The perceptual diff on pictures whose differences are known, pixel by pixel.
@Suite("The pixel diff: YIQ distance with anti-aliasing left out")
struct PixelDiffTests {
    /// A `width` x `height` picture whose pixel at x, y is `colour(x, y)` (red, green, blue; opaque).
    func picture(_ width: Int, _ height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> PNGImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = colour(x, y)
                pixels += [red, green, blue, 255]
            }
        }
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    /// White on the left, black from column 11, and column 10 the grey `edge` between them: a
    /// vertical edge anti-aliased as a renderer draws it.
    func edge(_ grey: UInt8) -> PNGImage {
        picture(20, 20) { x, _ in x < 10 ? (255, 255, 255) : x == 10 ? (grey, grey, grey) : (0, 0, 0) }
    }

    func colour(_ image: PNGImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
    }

    @Test("identical pictures: no pixel differs, and the diff is the expected one faded")
    func identical() {
        let diff = PixelDiff(expected: edge(128), actual: edge(128))
        #expect(diff.differentPixels == 0 && diff.antiAliasedPixels == 0)
        #expect(colour(diff.image, 0, 0) == [255, 255, 255, 255], "white stays white")
        #expect(colour(diff.image, 15, 5) == [229, 229, 229, 255], "black fades to light grey (10 % of it)")
    }

    @Test("an edge anti-aliased differently is anti-aliasing, drawn yellow, not a change")
    func antiAliasingOnly() {
        let diff = PixelDiff(expected: edge(100), actual: edge(170))
        #expect(diff.differentPixels == 0)
        #expect(diff.antiAliasedPixels == 20, "the whole edge column")
        #expect(colour(diff.image, 10, 7) == [255, 255, 0, 255])
        #expect(colour(diff.image, 3, 7) == [255, 255, 255, 255])
    }

    @Test("a small difference in colour within the threshold is no change")
    func withinThreshold() {
        let expected = picture(8, 8) { _, _ in (200, 200, 200) }
        let actual = picture(8, 8) { x, y in x == 4 && y == 4 ? (203, 200, 198) : (200, 200, 200) }
        #expect(PixelDiff(expected: expected, actual: actual).differentPixels == 0)
        #expect(PixelDiff(expected: expected, actual: actual, threshold: 0.001).differentPixels == 1)
    }

    @Test("a square that appears is a change of each of its pixels, drawn red")
    func realChange() {
        let expected = edge(128)
        let actual = picture(20, 20) { x, y in
            (3..<7).contains(x) && (3..<7).contains(y)
                ? (215, 0, 21) : x < 10 ? (255, 255, 255) : x == 10 ? (128, 128, 128) : (0, 0, 0)
        }
        let diff = PixelDiff(expected: expected, actual: actual)
        #expect(diff.differentPixels == 16)
        #expect(diff.antiAliasedPixels == 0)
        #expect(colour(diff.image, 3, 3) == [255, 0, 0, 255] && colour(diff.image, 6, 6) == [255, 0, 0, 255])
        #expect(colour(diff.image, 7, 7) == [255, 255, 255, 255])
    }

    @Test("pictures of different sizes: every pixel outside the overlap differs, the diff is as large as both")
    func sizeChange() {
        let expected = picture(10, 10) { _, _ in (255, 255, 255) }
        let actual = picture(10, 12) { _, _ in (255, 255, 255) }
        let diff = PixelDiff(expected: expected, actual: actual)
        #expect(diff.differentPixels == 20)
        #expect(diff.image.width == 10 && diff.image.height == 12)
        #expect(colour(diff.image, 5, 11) == [255, 0, 0, 255])
        #expect(colour(diff.image, 5, 5) == [255, 255, 255, 255])
    }
}
