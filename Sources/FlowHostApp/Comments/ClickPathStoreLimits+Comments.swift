import Foundation

/// The bounds of what a person writes in a comment or a reply, the same for every store and for
/// the server that asks first (to answer with the form and what was typed, not an error).
extension ClickPathStoreLimits {
    /// At most this many characters of text in a comment or a reply.
    public static let maxCommentText = 2000
    /// At most this many characters in an author's name.
    public static let maxCommentAuthor = 80

    /// Why a comment or reply by `author` saying `text` is refused, as a sentence for the person
    /// who wrote it; nil when it may be stored. Both must say something; the name is one line; both
    /// are bounded (``maxCommentText``, ``maxCommentAuthor``), counted in characters as a person
    /// counts them.
    public static func refusal(commentBy author: String, text: String) -> String? {
        let name = author.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { return "Give your name, so that others know who wrote this." }
        if name.count > Self.maxCommentAuthor {
            return "A name has at most \(Self.maxCommentAuthor) characters; this one has \(name.count)."
        }
        if name.contains(where: \.isNewline) { return "A name is one line." }
        if text.allSatisfy(\.isWhitespace) { return "Write something: the comment is empty." }
        if text.count > Self.maxCommentText {
            return "A comment has at most \(Self.maxCommentText) characters; this one has \(text.count)."
        }
        return nil
    }

    /// Why `comment` is refused (``refusal(commentBy:text:)``, a point off the screen, an action's
    /// label longer than a name); nil when it may be stored. What every store checks first.
    public static func refusal(adding comment: ScreenComment) -> String? {
        if let reason = refusal(commentBy: comment.author, text: comment.text) { return reason }
        if let point = comment.point, !point.isOnScreen { return "A comment is pinned to a point of the screen." }
        if let label = comment.actionLabel, label.count > Self.maxCommentAuthor {
            return "An action's label has at most \(Self.maxCommentAuthor) characters."
        }
        return nil
    }
}
