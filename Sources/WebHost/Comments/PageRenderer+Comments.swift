import FlowCrawl
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
        var values: [TemplateKey: TemplateValue] = [
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
        var values: [TemplateKey: TemplateValue] = [
            "stylesheetURL": .string(links.stylesheet), "backURL": .string(FlowHostRoute.root.url),
            "jsonURL": .string(FlowHostRoute.commentsJSON.url),
            "emptyHint": .string(
                "No comments yet. Use Comment beside the phone to write one on the screen you are on."),
            "maxAuthor": .int(ClickPathStoreLimits.maxCommentAuthor),
            "maxText": .int(ClickPathStoreLimits.maxCommentText),
            "threads": .list(
                comments.map { comment in
                    let isDraft = comment.id == draftFor
                    var thread = CommentsPage.thread(comment)
                    thread["resolveTitle"] = .string(comment.isResolved ? "Reopen" : "Resolve")
                    thread["resolveURL"] = .string(
                        FlowHostRoute.comment(id: comment.id, comment.isResolved ? .reopen : .resolve).url)
                    thread["replyURL"] = .string(FlowHostRoute.comment(id: comment.id, .reply).url)
                    thread["openURL"] = .string(FlowHostRoute.comment(id: comment.id, .open).url)
                    thread["draftAuthor"] = .string(isDraft ? draft?.author ?? author : author)
                    thread["draftText"] = .string(isDraft ? draft?.text ?? "" : "")
                    if isDraft, let message = draft?.message { thread["draftMessage"] = .string(message) }
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
