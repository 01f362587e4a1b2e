import NIOCore

/// A response body kept as it travels most often: gzip-compressed once, when it is made, then sent
/// as is to every client that accepts gzip (all browsers do) and inflated only for one that does
/// not. A body that compression would not make smaller is kept as is.
///
/// The compressed bytes are kept in an array of their exact size: a `ByteBuffer` rounds its
/// storage up to a power of two, which for a 2 KB page would hold twice what it needs in every
/// live session.
struct CompressedBody: Sendable {
    private enum Storage {
        case identity(ByteBuffer)
        case gzip([UInt8], identityLength: Int)
    }

    private let storage: Storage

    /// Bodies shorter than this are kept as they are: gzip's header and trailer alone are 18 bytes,
    /// and a short answer gains less than compressing it costs.
    static let minimumLength = 1024

    /// `identity`, compressed if that makes it smaller.
    init(_ identity: ByteBuffer) {
        guard identity.readableBytes >= Self.minimumLength,
            let gzip = identity.withUnsafeReadableBytes(Gzip.compress)
        else {
            storage = .identity(identity)
            return
        }
        storage = .gzip(gzip, identityLength: identity.readableBytes)
    }

    /// `text`'s UTF-8, compressed if that makes it smaller, straight from the string's own bytes:
    /// copying it into a `ByteBuffer` first, for bytes that are then dropped, would cost an
    /// allocation and a copy of the whole body. Only a body kept as is gets a buffer.
    init(_ text: String) {
        var text = text
        let length = text.utf8.count
        guard length >= Self.minimumLength,
            let gzip = text.withUTF8({ Gzip.compress(UnsafeRawBufferPointer($0)) })
        else {
            storage = .identity(ByteBuffer(string: text))
            return
        }
        storage = .gzip(gzip, identityLength: length)
    }

    /// `bytes`, compressed if that makes them smaller, where they lie: a served page as its render
    /// wrote it (12.5 KB for the sample's movie list), never made a `String`.
    init(_ bytes: [UInt8]) {
        guard bytes.count >= Self.minimumLength, let gzip = bytes.withUnsafeBytes(Gzip.compress) else {
            storage = .identity(ByteBuffer(bytes: bytes))
            return
        }
        storage = .gzip(gzip, identityLength: bytes.count)
    }

    /// The length of the body as is.
    var identityLength: Int {
        switch storage {
        case .identity(let buffer): buffer.readableBytes
        case .gzip(_, let length): length
        }
    }

    /// The bytes to send to a client that accepts `coding`, and the coding they are in.
    func bytes(for coding: ContentCoding) -> (bytes: ByteBuffer, coding: ContentCoding) {
        switch (storage, coding) {
        case (.identity(let buffer), _): (buffer, .identity)
        case (.gzip(let bytes, _), .gzip): (ByteBuffer(bytes: bytes), .gzip)
        case (.gzip(let bytes, let length), .identity): (Gzip.decompress(bytes, length: length), .identity)
        }
    }

    /// The body as is (inflated when it is kept compressed).
    var identity: ByteBuffer { bytes(for: .identity).bytes }

    /// Whether the body is kept compressed.
    var isCompressed: Bool {
        if case .gzip = storage { return true }
        return false
    }
}
