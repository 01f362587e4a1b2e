extension PixelDiff {
    /// One pixel's colour.
    struct Colour: Equatable {
        let red: UInt8
        let green: UInt8
        let blue: UInt8
        let alpha: UInt8

        /// Its red, green and blue blended over white by its alpha.
        var overWhite: (Double, Double, Double) {
            guard alpha < 255 else { return (Double(red), Double(green), Double(blue)) }
            let alpha = Double(alpha) / 255
            return (
                PixelDiff.blend(Double(red), alpha: alpha), PixelDiff.blend(Double(green), alpha: alpha),
                PixelDiff.blend(Double(blue), alpha: alpha)
            )
        }
    }

    /// A picture's pixels, read by position (for as long as the buffer they are in lives).
    struct Picture {
        let width: Int
        let height: Int
        let pixels: UnsafeBufferPointer<UInt8>

        /// The pixel's four bytes as one number: equal colours, equal numbers.
        func word(_ x: Int, _ y: Int) -> UInt32 {
            UnsafeRawPointer(pixels.baseAddress!).loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
        }

        func colour(_ x: Int, _ y: Int) -> Colour {
            let index = (y * width + x) * 4
            return Colour(
                red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
        }

        func alpha(_ x: Int, _ y: Int) -> Double {
            Double(pixels[(y * width + x) * 4 + 3]) / 255
        }

        /// The pixel's brightness (YIQ's Y), blended over white.
        func brightness(_ x: Int, _ y: Int) -> Double {
            let (red, green, blue) = colour(x, y).overWhite
            return PixelDiff.luma(red, green, blue)
        }

        /// Whether the pixel at `x`, `y` looks like the anti-aliasing of an edge: among its eight
        /// neighbours at most two have its colour, some are darker and some brighter, and the
        /// darkest or the brightest lies inside a flat area (3+ equal neighbours) in both pictures.
        func isAntiAliased(_ x: Int, _ y: Int, other: Picture) -> Bool {
            let x0 = max(x - 1, 0)
            let y0 = max(y - 1, 0)
            let x2 = min(x + 1, width - 1)
            let y2 = min(y + 1, height - 1)
            var equal = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
            var darkest = 0.0
            var brightest = 0.0
            var darkestAt = (0, 0)
            var brightestAt = (0, 0)
            let centre = brightness(x, y)
            for neighbourX in x0...x2 {
                for neighbourY in y0...y2 where neighbourX != x || neighbourY != y {
                    let delta =
                        colour(x, y) == colour(neighbourX, neighbourY) ? 0 : centre - brightness(neighbourX, neighbourY)
                    if delta == 0 {
                        equal += 1
                        if equal > 2 { return false }
                    } else if delta < darkest {
                        darkest = delta
                        darkestAt = (neighbourX, neighbourY)
                    } else if delta > brightest {
                        brightest = delta
                        brightestAt = (neighbourX, neighbourY)
                    }
                }
            }
            guard darkest != 0, brightest != 0 else { return false }
            return (hasManySiblings(darkestAt) && other.hasManySiblings(darkestAt))
                || (hasManySiblings(brightestAt) && other.hasManySiblings(brightestAt))
        }

        /// Whether the pixel at `at` has three or more neighbours of exactly its colour.
        func hasManySiblings(_ at: (Int, Int)) -> Bool {
            let (x, y) = at
            guard x < width, y < height else { return false }
            let x0 = max(x - 1, 0)
            let y0 = max(y - 1, 0)
            let x2 = min(x + 1, width - 1)
            let y2 = min(y + 1, height - 1)
            var equal = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
            let centre = colour(x, y)
            for neighbourX in x0...x2 {
                for neighbourY in y0...y2 where neighbourX != x || neighbourY != y {
                    if colour(neighbourX, neighbourY) == centre { equal += 1 }
                    if equal > 2 { return true }
                }
            }
            return false
        }
    }
}
