import FlowHostApp
import HTMLPages
import HTMLPresenter

extension PageRenderer {
    /// What a comment or reply form shows again: what was typed, and why it was refused.
    struct CommentFormState: Sendable {
        var author = ""
        var text = ""
        var point: ScreenComment.Point?
        var actionLabel: String?
        var message: String?
    }

    /// The form that writes a comment on the session's screen, filled with `state`.
    func renderCommentForm(_ state: CommentFormState, links: PageLinks) -> String {
        var values: [String: TemplateValue] = [
            "stylesheetURL": .string(links.stylesheet), "backURL": .string(FlowHostRoute.root.url),
            "listURL": .string(FlowHostRoute.comments.url), "postURL": .string(FlowHostRoute.comments.url),
            "author": .string(state.author), "text": .string(state.text), "hasPoint": .bool(state.point != nil),
            "maxAuthor": .int(ClickPathStoreLimits.maxCommentAuthor),
            "maxText": .int(ClickPathStoreLimits.maxCommentText),
        ]
        if let point = state.point {
            values["x"] = .string("\(point.x)")
            values["y"] = .string("\(point.y)")
        }
        if let label = state.actionLabel { values["actionLabel"] = .string(label) }
        if let message = state.message { values["message"] = .string(message) }
        return Chrome.render(.object(values), template: "comment-form")
    }

    /// Every thread, with a reply form under each (the one of `draftFor` filled with `draft`),
    /// resolve or reopen, delete where `mayDelete` says, and "Open at this state".
    func renderComments(
        _ comments: [ScreenComment], author: String, mayDelete: (ScreenComment) -> Bool, draftFor: String? = nil,
        draft: CommentFormState? = nil, message: String? = nil, links: PageLinks
    ) -> String {
        var values: [String: TemplateValue] = [
            "stylesheetURL": .string(links.stylesheet), "backURL": .string(FlowHostRoute.root.url),
            "jsonURL": .string(FlowHostRoute.commentsJSON.url),
            "maxAuthor": .int(ClickPathStoreLimits.maxCommentAuthor),
            "maxText": .int(ClickPathStoreLimits.maxCommentText),
            "threads": .list(
                comments.map { comment in
                    let isDraft = comment.id == draftFor
                    var thread: [String: TemplateValue] = [
                        "id": .string(comment.id), "screen": .string(comment.screen), "author": .string(comment.author),
                        "text": .string(comment.text), "created": .string(FlowHostResponder.dateText(comment.created)),
                        "status": .string(CommentStatus(comment).rawValue),
                        "statusText": .string(CommentStatus(comment).title),
                        "resolveTitle": .string(comment.isResolved ? "Reopen" : "Resolve"),
                        "resolveURL": .string(
                            FlowHostRoute.comment(id: comment.id, comment.isResolved ? .reopen : .resolve).url),
                        "replyURL": .string(FlowHostRoute.comment(id: comment.id, .reply).url),
                        "openURL": .string(FlowHostRoute.comment(id: comment.id, .open).url),
                        "draftAuthor": .string(isDraft ? draft?.author ?? author : author),
                        "draftText": .string(isDraft ? draft?.text ?? "" : ""),
                        "replies": .list(
                            comment.replies.map { reply in
                                [
                                    "author": .string(reply.author), "text": .string(reply.text),
                                    "created": .string(FlowHostResponder.dateText(reply.created)),
                                ]
                            }),
                    ]
                    if isDraft, let message = draft?.message { thread["draftMessage"] = .string(message) }
                    if case .outdated(let stoppedAt) = comment.reach { thread["stoppedAt"] = .string(stoppedAt) }
                    if let label = comment.actionLabel { thread["actionLabel"] = .string(label) }
                    if mayDelete(comment) {
                        thread["deleteURL"] = .string(FlowHostRoute.comment(id: comment.id, .delete).url)
                    }
                    return .object(thread)
                }),
        ]
        if let message { values["message"] = .string(message) }
        return Chrome.render(.object(values), template: "comments")
    }
}
