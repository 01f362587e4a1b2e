/// HTML as a render writes it: UTF-8 bytes in one growing array. Each piece is appended as bytes:
/// a `String` append checked the string's storage, recounted it and updated its ASCII flag on every
/// one of a page's hundreds of pieces. The web host compresses the bytes where they are, never
/// making a `String` of a served page.
package struct HTMLOutput {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty output with room for `capacity` bytes (a page of the sample is 12.5 KB).
    package init(capacity: Int = 16 * 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// How many bytes are written.
    var count: Int { bytes.count }

    /// The output as text (for the callers that want a `String`: a static export, a crawl, a test).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text` as it is.
    mutating func append(_ text: String) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if appended == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// Appends `text` as it is (a tag or an entity FlowHost writes).
    mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `text`'s bytes as they are (a template's text).
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    /// Appends `html`'s bytes.
    mutating func append(_ html: RenderedHTML) {
        bytes.append(contentsOf: html.bytes)
    }

    /// Appends `text` escaped for `context`: the runs between characters to escape are copied
    /// whole, not byte by byte.
    mutating func appendEscaped(_ text: String, for context: HTMLEscaping.Context = .anywhere) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, for: context) }
        guard appended == nil else { return }
        // A bridged string has no contiguous UTF-8: escaped from a native copy.
        var native = text
        native.makeContiguousUTF8()
        native.utf8.withContiguousStorageIfAvailable { appendEscaped($0, for: context) }
    }

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, for context: HTMLEscaping.Context) {
        var start = 0
        for index in text.indices where HTMLEscaping.isSpecial(text[index], in: context) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            if let replacement = HTMLEscaping.replacement(for: text[index], in: context) { append(replacement) }
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }

    /// Replaces the bytes at `range` (offsets, as ``count`` gave them) with `text`.
    mutating func replace(_ range: Range<Int>, with text: StaticString) {
        bytes.replaceSubrange(
            range, with: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Whether the bytes at `range` are `text`'s.
    func bytes(at range: Range<Int>, are text: StaticString) -> Bool {
        bytes[range].elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
