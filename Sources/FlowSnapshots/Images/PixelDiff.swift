/// How two pictures of a screen differ, the way pixelmatch (mapbox/pixelmatch) tells it: each pair
/// of pixels is compared by its perceived colour distance in YIQ (Kotsarenko and Ramos, "Measuring
/// perceived color difference using YIQ NTSC transmission color space in mobile applications"),
/// and a pixel past the threshold counts as different unless it is anti-aliasing in either picture
/// (Vyšniauskas, "Anti-aliased pixel and intensity slope detector", 2009): the smoothing of an
/// edge that moves by a fraction of a pixel between renderers is not a change anyone sees.
///
/// The diff picture shows the expected one faded to light grey, changed pixels red and
/// anti-aliasing yellow. Pictures of different sizes are compared where they overlap; every pixel
/// outside the overlap counts as different.
///
/// ```swift
/// let diff = PixelDiff(expected: baseline, actual: shot, threshold: 0.1)
/// if diff.differentPixels > 0 { try diff.image.pngData().write(to: url) }
/// ```
public struct PixelDiff: Sendable {
    /// Pixels that differ (not counting anti-aliasing).
    public let differentPixels: Int
    /// Pixels that differ only by anti-aliasing.
    public let antiAliasedPixels: Int
    /// The diff picture, as large as the larger of the two in each direction.
    public let image: PNGImage

    /// The largest squared YIQ distance two colours can have (black against white).
    static let maxDelta = 35215.0

    /// Compares `actual` with `expected`. `threshold` (0 to 1) is how far apart two colours may be
    /// and still count as the same: 0.1, pixelmatch's default, lets through what no one notices.
    public init(expected: PNGImage, actual: PNGImage, threshold: Double = 0.1) {
        let width = max(expected.width, actual.width)
        let height = max(expected.height, actual.height)
        let overlapWidth = min(expected.width, actual.width)
        let overlapHeight = min(expected.height, actual.height)
        let allowed = Self.maxDelta * threshold * threshold
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var different = 0
        var antiAliased = 0
        expected.pixels.withUnsafeBufferPointer { expectedPixels in
            actual.pixels.withUnsafeBufferPointer { actualPixels in
                output.withUnsafeMutableBufferPointer { output in
                    let expectedPicture = Picture(
                        width: expected.width, height: expected.height, pixels: expectedPixels)
                    let actualPicture = Picture(width: actual.width, height: actual.height, pixels: actualPixels)
                    // Flat areas repeat one colour: its faded grey is computed once per run of it.
                    var lastColour: UInt32?
                    var lastGrey: UInt8 = 0
                    for y in 0..<height {
                        for x in 0..<width {
                            let out = (y * width + x) * 4
                            guard x < overlapWidth, y < overlapHeight else {
                                Self.draw(output, out, 255, 0, 0)
                                different += 1
                                continue
                            }
                            let colour = expectedPicture.word(x, y)
                            if colour == actualPicture.word(x, y)
                                || Self.colourDelta(expectedPicture, x, y, actualPicture, x, y) <= allowed
                            {
                                if colour != lastColour {
                                    lastColour = colour
                                    lastGrey = UInt8(
                                        Self.blend(
                                            expectedPicture.brightness(x, y), alpha: 0.1 * expectedPicture.alpha(x, y)))
                                }
                                Self.draw(output, out, lastGrey, lastGrey, lastGrey)
                            } else if expectedPicture.isAntiAliased(x, y, other: actualPicture)
                                || actualPicture.isAntiAliased(x, y, other: expectedPicture)
                            {
                                Self.draw(output, out, 255, 255, 0)
                                antiAliased += 1
                            } else {
                                Self.draw(output, out, 255, 0, 0)
                                different += 1
                            }
                        }
                    }
                }
            }
        }
        differentPixels = different
        antiAliasedPixels = antiAliased
        image = PNGImage(width: width, height: height, pixels: output)
    }

    private static func draw(
        _ output: UnsafeMutableBufferPointer<UInt8>, _ index: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8
    ) {
        output[index] = red
        output[index + 1] = green
        output[index + 2] = blue
        output[index + 3] = 255
    }

    /// The squared YIQ distance between two pixels (each blended over white by its alpha).
    static func colourDelta(_ a: Picture, _ ax: Int, _ ay: Int, _ b: Picture, _ bx: Int, _ by: Int) -> Double {
        let first = a.colour(ax, ay)
        let second = b.colour(bx, by)
        if first == second { return 0 }
        let (r1, g1, b1) = first.overWhite
        let (r2, g2, b2) = second.overWhite
        let y = luma(r1, g1, b1) - luma(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    private static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    private static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// `value` blended with white, `alpha` (0 to 1) of it kept.
    static func blend(_ value: Double, alpha: Double) -> Double {
        255 + (value - 255) * alpha
    }
}
