import Foundation
import Hummingbird

extension Request {
    /// The value of the session cookie the request carries, if any, read straight from its `Cookie`
    /// fields (the first one named so). Hummingbird's `cookies` parses every cookie of every field
    /// into a table on each access, which was a few percent of a served page's GET in profiles.
    var sessionCookieValue: String? {
        cookieValue(PageResponses.sessionCookie)
    }

    /// The click path length the last action's answer told this browser
    /// (``PageResponses/pathLengthCookie``), if it carries one that is a number.
    var seenPathLength: Int? {
        cookieValue(PageResponses.pathLengthCookie).flatMap { $0.utf8.count <= 9 ? Int($0) : nil }
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
