import FlowHostApp
import HTMLPages
import HTMLPresenter

extension PageComments {
    /// What a page of the storyboard screen `screen` shows of `comments`: the open ones of that
    /// screen, numbered in the order written, each linking to `threadURL(id)`; those written on
    /// another path than `path` are marked so (none when `path` is nil: an export's page knows no
    /// path). The Comment control leads to `formURL` (nil: read-only).
    package init(
        open comments: [ScreenComment], onScreen screen: String, reachedBy path: ClickPath?,
        threadURL: (String) -> String, formURL: String?, listURL: String
    ) {
        let open = comments.filter { !$0.isResolved && $0.screen == screen }
        self.init(
            pins: open.enumerated().map { index, comment in
                Pin(
                    number: index + 1, x: comment.point?.x, y: comment.point?.y, author: comment.author,
                    text: comment.text, actionLabel: comment.actionLabel, replies: comment.replies.count,
                    isOtherState: path.map { comment.path != $0 } ?? false, threadURL: threadURL(comment.id))
            },
            formURL: formURL, listURL: listURL)
    }
}
