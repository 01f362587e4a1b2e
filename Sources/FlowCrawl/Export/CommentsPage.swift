import FlowHostApp
import HTMLPages
import HTMLPresenter

/// The comments page: every thread with its replies and status, through the chrome's
/// `flowhost/comments` template. A server adds to each thread its links and forms (reply,
/// resolve, delete, open at its state); an export's (``exportHTML(stylesheetURL:backURL:)``) has
/// none of them: it is read-only.
package struct CommentsPage: Sendable {
    /// The threads, the oldest first.
    package let comments: [ScreenComment]

    /// The page of `comments`.
    package init(comments: [ScreenComment]) {
        self.comments = comments
    }

    /// A thread's values that every comments page shows: its id (the anchor `c-<id>`), screen,
    /// author, text, time, status (and where its path stopped), the action under its point and
    /// its replies.
    package static func thread(_ comment: ScreenComment) -> [TemplateKey: TemplateValue] {
        let status = CommentStatus(comment)
        var thread: [TemplateKey: TemplateValue] = [
            "id": .string(comment.id), "screen": .string(comment.screen), "author": .string(comment.author),
            "text": .string(comment.text), "created": .string(comment.created.minuteText),
            "status": .string(status.rawValue), "statusText": .string(status.title),
            "replies": .list(
                comment.replies.map { reply in
                    [
                        "author": .string(reply.author), "text": .string(reply.text),
                        "created": .string(reply.created.minuteText),
                    ]
                }),
        ]
        if case .outdated(let stoppedAt) = comment.reach { thread["stoppedAt"] = .string(stoppedAt) }
        if let label = comment.actionLabel { thread["actionLabel"] = .string(label) }
        return thread
    }

    /// The page as an export writes it: the threads and nothing to send, "Back to the prototype"
    /// leading to `backURL`.
    package func exportHTML(stylesheetURL: String, backURL: String) -> String {
        let values: [TemplateKey: TemplateValue] = [
            "stylesheetURL": .string(stylesheetURL), "backURL": .string(backURL),
            "emptyHint": .string("No comments were written on this prototype."),
            "threads": .list(comments.map { .object(Self.thread($0)) }),
        ]
        return Chrome.render(.object(values), template: "comments")
    }
}
