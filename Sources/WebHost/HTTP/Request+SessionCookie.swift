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

    /// The value of the cookie `name`, read from the `Cookie` fields (the first one named so).
    private func cookieValue(_ name: String) -> String? {
        let prefix = Array((name + "=").utf8)
        for field in headers[values: .cookie] {
            for pair in field.utf8.split(separator: UInt8(ascii: ";")) {
                let cookie = pair.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                if cookie.starts(with: prefix) {
                    return String(Substring(cookie.dropFirst(prefix.count)))
                }
            }
        }
        return nil
    }
}
