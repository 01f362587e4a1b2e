import Foundation

/// A response as the checks read it. The body is searched as UTF-8 bytes with `memchr` and `memcmp`:
/// the driver shares the machine with the server, and Foundation's `String.range(of:)` on a 12 KB
/// page (UTF-16 breadcrumbs, CFString search) cost it more than inflating the page did, the
/// standard library's generic `firstRange(of:)` four times more again.
struct Answer: Sendable {
    let method: String
    let path: String
    let status: UInt
    let location: String?
    /// How the body travelled (`gzip`), if not as is.
    let contentEncoding: String?
    /// The body's length on the wire (`Content-Length`), before the client inflated it.
    let wireLength: Int?
    /// The body as the client read it, inflated.
    let bytes: [UInt8]

    /// The body as text.
    var body: String { String(decoding: bytes, as: UTF8.self) }

    /// The request, to name it in a failure.
    var request: String { "\(method) \(path)" }

    /// This answer, if it has `status`; else a failure naming the request.
    func expecting(_ status: UInt) throws(LoadFailure) -> Answer {
        guard self.status == status else {
            throw LoadFailure("\(request) answered \(self.status), expected \(status)\(excerpt)")
        }
        return self
    }

    /// The `Location` of a `303`; else a failure.
    func redirect() throws(LoadFailure) -> String {
        guard let location = try expecting(303).location else { throw LoadFailure("\(request): 303 without Location") }
        return location
    }

    /// This answer, if it is a `200` page that contains `marker`; else a failure saying which screen it was.
    func page(showing marker: String) throws(LoadFailure) -> Answer {
        guard try expecting(200).bytes.firstOffset(of: Array(marker.utf8)) != nil else {
            throw LoadFailure("\(request) answered another screen than expected (no \(marker))\(excerpt)")
        }
        return self
    }

    /// The `/_action/<token>` URL of the last form that starts before the first `marker`.
    func action(before marker: String) throws(LoadFailure) -> String {
        let attribute = Array(#"action=""#.utf8)
        guard let end = bytes.firstOffset(of: Array(marker.utf8)),
            let start = bytes.lastOffset(of: attribute + Array("/_action/".utf8), before: end),
            let close = bytes[(start + attribute.count)...].firstIndex(of: UInt8(ascii: "\""))
        else { throw LoadFailure("\(request): no action before \(marker) in the page\(excerpt)") }
        return String(decoding: bytes[(start + attribute.count)..<close], as: UTF8.self)
    }

    /// The page's title, and a message page's message, to say which screen came instead.
    private var excerpt: String {
        let body = self.body
        guard let title = body.text(between: "<title>", and: "</title>")
        else { return body.isEmpty ? "" : " (body: \(body.prefix(120)))" }
        guard let message = body.text(between: #"<p class="empty-message">"#, and: "</p>") else {
            return " (page titled \(title))"
        }
        return " (page titled \(title): \(message))"
    }
}

extension String {
    /// The text between the first `opening` and the `closing` after it.
    fileprivate func text(between opening: String, and closing: String) -> Substring? {
        guard let start = range(of: opening)?.upperBound, let end = self[start...].range(of: closing) else {
            return nil
        }
        return self[start..<end.lowerBound]
    }
}

extension [UInt8] {
    /// Where `pattern` first occurs.
    func firstOffset(of pattern: [UInt8]) -> Int? {
        guard let first = pattern.first, count >= pattern.count else { return nil }
        return withUnsafeBufferPointer { bytes in
            pattern.withUnsafeBufferPointer { pattern in
                let base = bytes.baseAddress!
                var offset = 0
                while offset <= bytes.count - pattern.count {
                    guard let found = memchr(base + offset, Int32(first), bytes.count - pattern.count - offset + 1)
                    else { return nil }
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + offset, pattern.baseAddress!, pattern.count) == 0 { return offset }
                    offset += 1
                }
                return nil
            }
        }
    }

    /// Where `pattern` last occurs wholly before `end`.
    func lastOffset(of pattern: [UInt8], before end: Int) -> Int? {
        guard !pattern.isEmpty, end >= pattern.count else { return nil }
        return withUnsafeBufferPointer { bytes in
            pattern.withUnsafeBufferPointer { pattern in
                var offset = end - pattern.count
                while offset >= 0 {
                    if memcmp(bytes.baseAddress! + offset, pattern.baseAddress!, pattern.count) == 0 { return offset }
                    offset -= 1
                }
                return nil
            }
        }
    }
}
