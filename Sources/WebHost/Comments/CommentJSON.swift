import FlowHostApp
import Foundation

/// A comment as `GET /_flowhost/comments.json` gives it to tools: no session, no click path (it
/// may hold secret values), only what the comments page shows.
struct CommentJSON: Encodable, Sendable {
    struct Reply: Encodable, Sendable {
        let author: String
        let text: String
        let created: String
    }

    struct Point: Encodable, Sendable {
        let x: Double
        let y: Double
    }

    let id: String
    let screen: String
    let text: String
    let author: String
    let created: String
    let status: CommentStatus
    /// Where its path stopped, for an outdated one.
    let stoppedAt: String?
    let point: Point?
    let actionLabel: String?
    let replies: [Reply]

    init(_ comment: ScreenComment) {
        let dates = ISO8601DateFormatter()
        id = comment.id
        screen = comment.screen
        text = comment.text
        author = comment.author
        created = dates.string(from: comment.created)
        status = CommentStatus(comment)
        if case .outdated(let stopped) = comment.reach { stoppedAt = stopped } else { stoppedAt = nil }
        point = comment.point.map { Point(x: $0.x, y: $0.y) }
        actionLabel = comment.actionLabel
        replies = comment.replies.map {
            Reply(author: $0.author, text: $0.text, created: dates.string(from: $0.created))
        }
    }

    /// `json` with `<`, `>` and `&` written as `\u003c`, `\u003e`, `\u0026`: the same JSON, which no
    /// browser that sniffs it, nor a page that inlines it, reads as markup. They only occur inside
    /// strings, where the escapes mean the same.
    static func scriptSafe(_ json: Data) -> Data {
        var escaped = Data(capacity: json.count)
        for byte in json {
            switch byte {
            case UInt8(ascii: "<"): escaped.append(contentsOf: Array(#"\u003c"#.utf8))
            case UInt8(ascii: ">"): escaped.append(contentsOf: Array(#"\u003e"#.utf8))
            case UInt8(ascii: "&"): escaped.append(contentsOf: Array(#"\u0026"#.utf8))
            default: escaped.append(byte)
            }
        }
        return escaped
    }
}
