import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import HTTPTypes
import Hummingbird

/// The comment routes: the form (no script needed), the comments page with its threads, their
/// JSON, and what a thread's buttons post. Every refusal says why and keeps what was typed.
extension FlowHostResponder {
    /// Dispatches a comment route; `404` for all of them when comments are off.
    func comments(_ route: FlowHostRoute, request: Request, log: inout RequestLog) async throws -> Response {
        guard host.configuration.allowsComments else { return notFound(request) }
        switch route {
        case .commentForm:
            return commentForm(request)
        case .comments where request.method == .post:
            return try await postComment(request, log: &log)
        case .comments:
            return try await commentsPage(request, log: &log)
        case .commentsJSON:
            return try await commentsJSON()
        case .comment(let id, .open):
            return try await openComment(id, log: &log)
        case .comment(let id, let action):
            if let refusal = crossSiteRefusal(request) { return refusal }
            switch action {
            case .reply: return try await postReply(id, request: request, log: &log)
            case .resolve, .reopen: return try await resolve(id, resolved: action == .resolve)
            case .delete: return try await delete(id, request: request, log: &log)
            case .open: return notFound(request)
            }
        default:
            return notFound(request)
        }
    }

    /// `GET /_flowhost/comments/new`: the form, with the name last given and the point and action
    /// label a script chose (`x`, `y`, `label` in the query), if any.
    private func commentForm(_ request: Request) -> Response {
        let query = request.uri.queryParameters
        var state = PageRenderer.CommentFormState(author: request.commentAuthor ?? "")
        state.point = Self.point(x: query["x"].map(String.init), y: query["y"].map(String.init))
        if state.point != nil, let label = query["label"], !label.isEmpty { state.actionLabel = String(label) }
        if let label = state.actionLabel, label.count > ClickPathStoreLimits.maxCommentAuthor {
            state.actionLabel = String(label.prefix(ClickPathStoreLimits.maxCommentAuthor))
        }
        return responses.page(ByteBuffer(string: host.renderer.renderCommentForm(state, links: .served)))
    }

    /// `POST /_flowhost/comments`: a comment on the session's screen, then `303` to it, where its
    /// pin shows; a refused one shows the form again with what was typed and why.
    private func postComment(_ request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        let fields: FormFields
        switch await readForm(request) {
        case .success(let form): fields = form
        case .failure(let refusal): return refusal.response
        }
        var state = PageRenderer.CommentFormState(author: fields["author"] ?? "", text: fields["text"] ?? "")
        state.actionLabel = fields["label"].flatMap { $0.isEmpty ? nil : $0 }
        let hasPoint = fields["x"] != nil || fields["y"] != nil
        state.point = Self.point(x: fields["x"], y: fields["y"])
        func refused(_ status: HTTPResponse.Status, _ message: String) -> Response {
            state.message = message
            return responses.page(
                ByteBuffer(string: host.renderer.renderCommentForm(state, links: .served)), status: status)
        }
        if hasPoint, state.point == nil {
            return refused(.unprocessableContent, "The point must be two fractions of the screen, from 0 to 1.")
        }
        guard let session = try await existingSession(request, log: &log) else {
            return refused(
                .conflict,
                "This browser's session has ended, so there is no screen to pin the comment to. "
                    + "Open the prototype again, then comment.")
        }
        let draft = SessionHost.CommentDraft(
            author: state.author, text: state.text, point: state.point, actionLabel: state.actionLabel)
        switch try await host.addComment(draft, by: session, clientGone: log.clientGone) {
        case .success:
            var response = responses.redirect(to: FlowHostRoute.root.url)
            response.setCookie(responses.commentAuthorCookie(state.author))
            return response
        case .failure(let refusal):
            return refused(Self.status(of: refusal), Self.message(of: refusal, what: "comment"))
        }
    }

    /// `GET /_flowhost/comments`: every thread.
    private func commentsPage(_ request: Request, log: inout RequestLog) async throws -> Response {
        let session = try await existingSession(request, log: &log)
        return await commentsPage(request, session: session, status: .ok)
    }

    private func commentsPage(
        _ request: Request, session: Session?, status: HTTPResponse.Status, draftFor: String? = nil,
        draft: PageRenderer.CommentFormState? = nil
    ) async -> Response {
        let comments: [ScreenComment]
        do {
            comments = try await host.paths.comments(askedBy: session?.id.description)
        } catch {
            host.logger.warning("click path store: \(error)")
            return responses.message(
                .serviceUnavailable, title: "Comments cannot be read now",
                message: "The server could not read them (its log says why). Try again in a moment.")
        }
        let isOwner = host.configuration.showsInspector
        let html = host.renderer.renderComments(
            comments, author: request.commentAuthor ?? "", mayDelete: { isOwner || $0.isAuthor }, draftFor: draftFor,
            draft: draft, links: .served)
        return responses.page(ByteBuffer(string: html), status: status)
    }

    /// `GET /_flowhost/comments.json`.
    private func commentsJSON() async throws -> Response {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let json = try encoder.encode(try await host.paths.comments(askedBy: nil).map(CommentJSON.init))
            return responses.json(bytes: CommentJSON.scriptSafe(json))
        } catch let error as ClickPathStoreError {
            host.logger.warning("click path store: \(error)")
            return responses.message(
                .serviceUnavailable, title: "Comments cannot be read now",
                message: "The server could not read them (its log says why). Try again in a moment.")
        }
    }

    /// `POST /_flowhost/comments/<id>/reply`: then `303` to the thread; refused, the comments page
    /// again with what was typed under the thread and why.
    private func postReply(_ id: String, request: Request, log: inout RequestLog) async throws -> Response {
        let fields: FormFields
        switch await readForm(request) {
        case .success(let form): fields = form
        case .failure(let refusal): return refusal.response
        }
        let session = try await existingSession(request, log: &log)
        var draft = PageRenderer.CommentFormState(author: fields["author"] ?? "", text: fields["text"] ?? "")
        let reply = ScreenComment.Reply(author: draft.author, text: draft.text, created: .now)
        switch await host.reply(reply, toComment: id, by: session) {
        case .success:
            var response = responses.redirect(to: FlowHostRoute.commentThreadURL(id: id))
            response.setCookie(responses.commentAuthorCookie(draft.author))
            return response
        case .failure(.gone):
            return commentNotFound()
        case .failure(let refusal):
            draft.message = Self.message(of: refusal, what: "reply")
            return await commentsPage(
                request, session: session, status: Self.status(of: refusal), draftFor: id, draft: draft)
        }
    }

    /// `POST /_flowhost/comments/<id>/resolve` or `/reopen`: then `303` to the thread.
    private func resolve(_ id: String, resolved: Bool) async throws -> Response {
        do {
            guard try await host.paths.resolveComment(id: id, resolved: resolved) else { return commentNotFound() }
        } catch {
            host.logger.warning("click path store: \(error)")
            return responses.message(
                .serviceUnavailable, title: "Nothing was changed",
                message: "The server could not store it (its log says why). Try again in a moment.")
        }
        await host.commentsChanged { known in
            if let index = known.firstIndex(where: { $0.id == id }) { known[index].isResolved = resolved }
        }
        return responses.redirect(to: FlowHostRoute.commentThreadURL(id: id))
    }

    /// `POST /_flowhost/comments/<id>/delete`: by the session that wrote it, or the owner (the
    /// inspector is on); anyone else is refused and nothing changes.
    private func delete(_ id: String, request: Request, log: inout RequestLog) async throws -> Response {
        let session = try await existingSession(request, log: &log)
        let isOwner = host.configuration.showsInspector
        let refusal = responses.message(
            .forbidden, title: "Not deleted",
            message: "Only the browser that wrote a comment, or the prototype's owner, can delete it; there is no "
                + "such comment written here. Nothing was deleted.",
            linkTitle: "All comments", linkURL: FlowHostRoute.comments.url)
        guard isOwner || session != nil else { return refusal }
        do {
            guard try await host.paths.removeComment(id: id, bySession: isOwner ? nil : session?.id.description)
            else {
                host.logger.info(
                    "comment \(id.prefix(8)): a delete refused", metadata: log.metadata)
                return refusal
            }
        } catch {
            host.logger.warning("click path store: \(error)")
            return responses.message(
                .serviceUnavailable, title: "Not deleted",
                message: "The server could not store it (its log says why). Try again in a moment.")
        }
        await host.commentsChanged { $0.removeAll { $0.id == id } }
        return responses.redirect(to: FlowHostRoute.comments.url)
    }

    /// `GET /_flowhost/comments/<id>/open`: a fresh session replayed to the comment's state, then
    /// `303` to its screen (a path that no longer fits opens as far as it goes, and says so).
    private func openComment(_ id: String, log: inout RequestLog) async throws -> Response {
        let comment: ScreenComment?
        do {
            comment = try await host.paths.comments(askedBy: nil).first { $0.id == id }
        } catch {
            host.logger.warning("click path store: \(error)")
            return responses.storeUnavailable()
        }
        guard let comment else { return commentNotFound() }
        let session = await host.startSession(replaying: comment.path)
        log.session = session.id
        let outcome = try await host.change(session, .none)
        guard case .page(let page, _, _) = outcome else { return responses.redirect(to: FlowHostRoute.root.url) }
        var response = responses.redirect(to: page.url)
        response.setCookie(responses.sessionCookie(session.id))
        return response
    }

    private func commentNotFound() -> Response {
        responses.message(
            .notFound, title: "ScreenComment not found",
            message: "No comment of this prototype has this address: it may "
                + "have been deleted.", linkTitle: "All comments", linkURL: FlowHostRoute.comments.url)
    }

    /// Two fractions of the screen, or nil when either is missing, not a number or off the screen.
    static func point(x: String?, y: String?) -> ScreenComment.Point? {
        guard let x = x.flatMap({ $0.utf8.count <= 24 ? Double($0) : nil }),
            let y = y.flatMap({ $0.utf8.count <= 24 ? Double($0) : nil })
        else { return nil }
        let point = ScreenComment.Point(x: x, y: y)
        return point.isOnScreen ? point : nil
    }

    private static func status(of refusal: SessionHost.CommentRefusal) -> HTTPResponse.Status {
        switch refusal {
        case .invalid: .unprocessableContent
        case .tooFast: .tooManyRequests
        case .full, .storeFailed: .serviceUnavailable
        case .gone: .conflict
        }
    }

    private static func message(of refusal: SessionHost.CommentRefusal, what: String) -> String {
        switch refusal {
        case .invalid(let reason): "\(reason) Nothing was posted; what you wrote is below."
        case .tooFast(let perMinute):
            "This browser wrote \(perMinute) comments and replies in the last minute, as many as it may. Wait a "
                + "minute and post again; what you wrote is below."
        case .full(let limit):
            "There are \(limit) already, as many as this server keeps: your \(what) was not posted. What you wrote is below."
        case .gone: "The session or the comment is gone. Nothing was posted."
        case .storeFailed: "The server could not store it (its log says why). What you wrote is below; try again."
        }
    }
}
