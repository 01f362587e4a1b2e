import CLibPNG
import Foundation

/// A picture as 8-bit RGBA pixels, row after row, read from and written as PNG with libpng.
///
/// ```swift
/// let image = try PNGImage(png: try Data(contentsOf: url))
/// print(image.width, image.height)
/// ```
public struct PNGImage: Sendable, Equatable {
    /// The most pixels a picture may have (a phone's screen at 3x has 3.6 million): a file that
    /// claims more is refused before anything is allocated for it.
    public static let maxPixels = 40_000_000

    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue and alpha of each pixel, row after row.
    public var pixels: [UInt8]

    /// A picture of `width` by `height` pixels; `pixels` must hold `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA pixels of the size given")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The PNG file `data`, decoded (its colours as 8-bit sRGB with alpha, whatever the file's format).
    ///
    /// - Throws: ``PNGError`` when `data` is no PNG, is damaged, or is larger than ``maxPixels``.
    public init(png data: Data) throws(PNGError) {
        guard data.starts(with: Self.signature) else { throw PNGError(reason: "not a PNG file") }
        // libpng reads from the memory given to begin_read until finish_read: both within one access.
        let decoded = data.withUnsafeBytes { bytes -> Result<PNGImage, PNGError> in
            var image = png_image()
            image.version = flowhost_png_image_version
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                return .failure(PNGError(image))
            }
            let width = Int(image.width)
            let height = Int(image.height)
            guard width * height <= Self.maxPixels else {
                png_image_free(&image)
                return .failure(PNGError(reason: "\(width) x \(height) pixels, more than a snapshot has"))
            }
            image.format = flowhost_png_format_rgba
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
            }
            guard finished != 0 else {
                let error = PNGError(image)
                png_image_free(&image)
                return .failure(error)
            }
            return .success(PNGImage(width: width, height: height, pixels: pixels))
        }
        self = try decoded.get()
    }

    /// The picture as a PNG file: libpng's defaults, no time or text chunks, so the same pixels
    /// always give the same bytes.
    public func pngData() throws(PNGError) -> Data {
        var image = png_image()
        image.version = flowhost_png_image_version
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = flowhost_png_format_rgba
        var size: png_alloc_size_t = 0
        let measured = pixels.withUnsafeBytes {
            png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(width * 4), nil)
        }
        guard measured != 0 else { throw PNGError(image) }
        var data = Data(count: Int(size))
        let written = data.withUnsafeMutableBytes { output in
            pixels.withUnsafeBytes {
                png_image_write_to_memory(
                    &image, output.baseAddress, &size, 0, $0.baseAddress, Int32(width * 4), nil)
            }
        }
        guard written != 0 else { throw PNGError(image) }
        return data.prefix(Int(size))
    }

    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
