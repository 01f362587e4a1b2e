import FlowHostApp
import Foundation
import Hummingbird

extension PageResponses {
    /// Keeps the name a person gave with a comment, so that the next form is filled with it: a
    /// year, percent-encoded (a cookie value is a narrow alphabet), never read by scripts.
    static let commentAuthorCookie = "flowhost_author"

    /// The cookie that keeps `author` (cut to the bound of a name).
    func commentAuthorCookie(_ author: String) -> Cookie {
        let name = String(author.trimmingCharacters(in: .whitespaces).prefix(ClickPathStoreLimits.maxCommentAuthor))
        return Cookie(
            name: Self.commentAuthorCookie,
            value: name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "",
            maxAge: 365 * 24 * 60 * 60, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax)
    }
}
