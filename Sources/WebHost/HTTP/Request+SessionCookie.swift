import Foundation
import Hummingbird

extension Request {
    /// The value of the session cookie the request carries, if any, read straight from its `Cookie`
    /// fields (the first one named so). Hummingbird's `cookies` parses every cookie of every field
    /// into a table on each access, which was a few percent of a served page's GET in profiles.
    var sessionCookieValue: String? {
        cookieValue(PageResponses.sessionCookie)
    }

    /// The click path length the last action's answer told this browser of the session `session`
    /// (``PageResponses/pathLengthCookie``: `LENGTH-SESSION`, the session's first eight digits), if
    /// it carries one for that session. A length told of another session is none: another server
    /// on the same host (cookies ignore ports), or a session that ended, would otherwise send a new
    /// session to catch up with a path it never had.
    ///
    /// Read in place: every page GET reads it, and splitting the value into an array of parts was
    /// 0.4 % of a round trip's CPU.
    func seenPathLength(of session: SessionID) -> Int? {
        guard let value = cookieValue(PageResponses.pathLengthCookie),
            let dash = value.utf8.firstIndex(of: UInt8(ascii: "-"))
        else { return nil }
        let length = value.utf8[..<dash]
        let named = value.utf8[value.utf8.index(after: dash)...]
        guard named.elementsEqual(session.short.utf8), length.count <= 9 else { return nil }
        return Int(Substring(length))
    }

    /// The name a person gave with their last comment (``PageResponses/commentAuthorCookie``),
    /// percent-decoded, if the request carries it.
    var commentAuthor: String? {
        cookieValue(PageResponses.commentAuthorCookie).flatMap {
            $0.utf8.count <= 1024 ? $0.removingPercentEncoding : nil
        }
    }

    /// The value of the cookie `name`, read from the `Cookie` fields (the first one named so).
    /// Scanned in place: no array of fields, no array of pairs (splitting them was 1 % of a page GET).
    private func cookieValue(_ name: String) -> String? {
        let name = name.utf8
        for field in headers where field.name == .cookie {
            let bytes = field.value.utf8
            var start = bytes.startIndex
            while start != bytes.endIndex {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
                let pair = bytes[start..<end].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                if pair.starts(with: name), pair.dropFirst(name.count).first == UInt8(ascii: "=") {
                    return String(Substring(pair.dropFirst(name.count + 1)))
                }
                start = end == bytes.endIndex ? end : bytes.index(after: end)
            }
        }
        return nil
    }
}
