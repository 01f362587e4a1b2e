import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import NIOCore

/// Comments pinned to states: written from a session's current state, kept in the click path
/// store, shown on every page of their screen (rendered from ``CommentBoard``, which is read again
/// whenever this process or another writes one), and replayed on the build that runs to tell
/// current ones from outdated ones.
extension SessionHost {
    /// What a comment form sent.
    struct CommentDraft: Sendable {
        var author: String
        var text: String
        var point: ScreenComment.Point?
        var actionLabel: String?
    }

    /// Why a comment or reply was not kept.
    enum CommentRefusal: Error, Sendable, Equatable {
        /// What was written breaks a bound (the sentence says which).
        case invalid(String)
        /// The session wrote ``CommentBoard/perMinute`` in the last minute.
        case tooFast(perMinute: Int)
        /// The store holds as many comments as it may, or the thread as many replies.
        case full(limit: Int)
        /// The session ended, or the comment is gone.
        case gone
        /// The store failed (logged).
        case storeFailed
    }

    /// Keeps a comment by `session` on the state it shows now (its click path and storyboard
    /// screen), within the bounds; the pages of its screen show it then.
    func addComment(_ draft: CommentDraft, by session: Session, clientGone: EventLoopFuture<Void>?) async throws
        -> Result<ScreenComment, CommentRefusal>
    {
        var comment = ScreenComment(
            id: OpaqueToken.random().text, path: ClickPath(), screen: "", point: draft.point,
            actionLabel: draft.actionLabel.flatMap { $0.isEmpty ? nil : $0 }, author: draft.author, text: draft.text,
            created: .now)
        if let reason = ClickPathStoreLimits.refusal(adding: comment) { return .failure(.invalid(reason)) }
        guard comments.admits(session.id) else {
            comments.rateReached.hit(logger)
            return .failure(.tooFast(perMinute: comments.perMinute))
        }
        let state = try await session.queue.run(clientGone: clientGone) {
            await MainActor.run { () -> (ClickPath, String)? in
                guard let scene = session.scene else { return nil }
                return (scene.clickPath, scene.window.updatedScreenTree().storyboardScreen)
            }
        }
        guard let (path, screen) = state else { return .failure(.gone) }
        comment.path = path
        comment.screen = screen
        do {
            try await paths.addComment(comment, bySession: session.id.description)
        } catch ClickPathStoreError.tooManyComments(let limit) {
            comments.storeFull.hit(logger)
            return .failure(.full(limit: limit))
        } catch ClickPathStoreError.commentRefused(let reason) {
            return .failure(.invalid(reason))
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
            return .failure(.storeFailed)
        }
        logger.info(
            "comment \(comment.id.prefix(8)) on \(screen.debugDescription)",
            metadata: ["session": "\(session.id.short)"])
        await commentsChanged { $0.append(comment) }
        return .success(comment)
    }

    /// Appends a reply by `session` to the thread of the comment `id`.
    func reply(_ reply: ScreenComment.Reply, toComment id: String, by session: Session?) async -> Result<
        Void, CommentRefusal
    > {
        if let reason = ClickPathStoreLimits.refusal(commentBy: reply.author, text: reply.text) {
            return .failure(.invalid(reason))
        }
        if let session, !comments.admits(session.id) {
            comments.rateReached.hit(logger)
            return .failure(.tooFast(perMinute: comments.perMinute))
        }
        do {
            guard try await paths.reply(reply, toComment: id) else { return .failure(.gone) }
        } catch ClickPathStoreError.tooManyReplies(_, let limit) {
            return .failure(.full(limit: limit))
        } catch ClickPathStoreError.commentRefused(let reason) {
            return .failure(.invalid(reason))
        } catch {
            logger.warning("click path store: \(error)")
            return .failure(.storeFailed)
        }
        await commentsChanged { known in
            if let index = known.firstIndex(where: { $0.id == id }) { known[index].replies.append(reply) }
        }
        return .success(())
    }

    /// Reads the comments from the store again; the sessions in memory showing a screen whose
    /// comments changed render their page again, and open pages move to it (the event stream): a
    /// new pin shows live.
    func commentsChanged() async {
        do {
            let read = try await paths.comments(askedBy: nil)
            await redrawSessions(showing: comments.replace(with: read))
        } catch {
            logger.warning("click path store: comments not read: \(error)")
        }
    }

    /// Applies what this process just stored to the comments known, without reading them all
    /// again (``followComments(_:)`` reads what others did); the sessions showing a screen whose
    /// comments changed render their page again.
    func commentsChanged(locally change: (inout [ScreenComment]) -> Void) async {
        await redrawSessions(showing: comments.update(change))
    }

    /// Redraws the sessions in memory whose page shows one of `screens` (storyboard screens), or
    /// whose page is being rendered anew (it may have read the comments before they changed).
    /// The others keep their page and its action tokens: a redraw retires a page's tokens, and a
    /// click in flight on another screen would then be refused as stale. A tester's pages show
    /// no comments.
    func redrawSessions(showing screens: Set<String>) async {
        guard !screens.isEmpty else { return }
        let sessions = store.all.filter { !$0.isTester }
        await MainActor.run {
            for session in sessions {
                guard let window = session.scene?.window else { continue }
                if let page = session.lastPage, page.version == window.version,
                    !screens.contains(page.storyboardScreen)
                {
                    continue
                }
                window.setNeedsDisplay()
            }
        }
    }

    /// Reads the comments again whenever `changes` (the store's change stream, subscribed before
    /// serving) says another process wrote one, until it ends: their pins show here at once. A
    /// burst of changes heard during a read costs one more read, not one each. A store only this
    /// process writes (memory, SQLite) reports nothing and its stream ends at once: what this
    /// process writes it applies as it writes (``commentsChanged(locally:)``), and nothing polls.
    func followComments(_ changes: AsyncStream<ClickPathChange>) async {
        // At most one read waits while one runs: the changes it would bring, one read brings.
        let (reads, wanted) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await change in changes where change.kind == .comments { wanted.yield() }
                wanted.finish()
            }
            group.addTask { [self] in
                for await _ in reads { await commentsChanged() }
            }
        }
    }

    /// The open comments of each storyboard screen, for the live map; nil when comments are off.
    var openCommentsByScreen: MapComments? {
        guard configuration.allowsComments else { return nil }
        return MapComments(open: comments.all, listURL: FlowHostRoute.comments.url)
    }

    /// What a page showing `storyboardScreen` (`ScreenTree.storyboardScreen`),
    /// reached by `path`, shows of the comments: the open ones of that screen, those written on
    /// another path marked so; nil when comments are off.
    func pageComments(on storyboardScreen: String, path: ClickPath) -> PageComments? {
        guard configuration.allowsComments else { return nil }
        return PageComments(
            open: comments.all, onScreen: storyboardScreen, reachedBy: path,
            threadURL: FlowHostRoute.commentThreadURL(id:), formURL: FlowHostRoute.commentForm.url,
            listURL: FlowHostRoute.comments.url)
    }
}
