import CLibPNG

/// Why a PNG could not be read or written.
public struct PNGError: Error, Equatable, CustomStringConvertible {
    /// What libpng (or the check before it) said.
    public let reason: String

    /// The reason given.
    public init(reason: String) {
        self.reason = reason
    }

    /// libpng's message for `image`.
    init(_ image: png_image) {
        var message = image.message
        reason = withUnsafeBytes(of: &message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The reason.
    public var description: String { reason }
}
