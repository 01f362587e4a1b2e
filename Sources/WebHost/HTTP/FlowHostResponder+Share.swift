import FlowHostApp
import Foundation
import HTMLPresenter
import Hummingbird

extension FlowHostResponder {
    /// `POST /_share`: keeps the session's click path under a new random id, then `303` to the page
    /// that shows its link. Same-origin only, like actions.
    func share(_ request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        guard let session = try await existingSession(request, log: &log) else {
            return responses.message(
                .conflict, title: "Nothing to share",
                message: "This page's session has ended (it was idle for a while). Nothing was shared.")
        }
        guard !session.isTester else {
            return responses.message(
                .forbidden, title: "Nothing to share",
                message: "A study's tester shares nothing: the study's owner sees what you did. Nothing was shared.")
        }
        let shared = try await session.queue.run(clientGone: log.clientGone) {
            () async -> Result<String, ShareRefusal> in
            do throws(ShareRefusal) {
                return .success(try await host.share(session))
            } catch {
                return .failure(error)
            }
        }
        switch shared {
        case .success(let id):
            return responses.redirect(to: FlowHostRoute.sharePage(id: id).url)
        case .failure(.pathFull(let limit)):
            return responses.message(
                .conflict, title: "This screen cannot be shared",
                message: "This session did more than \(limit) things, more than a share link records, so a link "
                    + "would not lead here. Start again from the first screen to share. Nothing was shared.")
        case .failure(.storeFull(let limit)):
            return responses.message(
                .serviceUnavailable, title: "No more share links for now",
                message: "This server keeps at most \(limit) share links, and has that many; older ones make room "
                    + "when they expire. Nothing was shared.")
        case .failure(.storeFailed):
            return responses.message(
                .serviceUnavailable, title: "The share link could not be kept",
                message: "The server could not store it (its log says why). Nothing was shared.")
        }
    }

    /// `GET /_share/<id>`: the share link as text, absolute, with a Copy button, until when it
    /// opens and, for the session that shared it, a button that revokes it; or why it no longer
    /// opens. The link starts with the public URL, or the bound address: never with what the
    /// request's `Host` said.
    func sharePage(_ id: String, request: Request, log: inout RequestLog) async throws -> Response {
        let asker = try await existingSession(request, log: &log)
        guard let share = await storedShare(id, askedBy: asker) else { return shareNotFound(id) }
        if let closed = shareClosed(share, revokedBySharer: share.isSharer) { return closed }
        let link = allowedHosts.origin + FlowHostRoute.shared(id: id).url
        let note =
            allowedHosts.linksStayOnThisMachine
            ? "This link opens on this machine only: to share beyond it, start the server with --public-url." : nil
        return responses.page(
            ByteBuffer(
                string: host.renderer.renderShare(
                    link: link, note: note, expires: Self.dateText(share.expires),
                    revokeURL: share.isSharer ? FlowHostRoute.revokeShare(id: id).url : nil,
                    backURL: FlowHostRoute.root.url, links: .served)))
    }

    /// `POST /_share/<id>/revoke`: the link stops opening, then `303` to its page, which says so.
    /// Only the session that shared it may; same-origin only, like actions.
    func revokeShare(_ id: String, request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        guard OpaqueToken(id) != nil else { return shareNotFound(id) }
        let notSharer = responses.message(
            .forbidden, title: "Not revoked",
            message: "Only the browser session that shared a link can revoke it, and this one did not share this "
                + "link. Nothing was done.")
        guard let session = try await existingSession(request, log: &log) else { return notSharer }
        let revoked: Bool
        do {
            revoked = try await host.paths.revokeShare(id: id, bySession: session.id.description)
        } catch {
            host.logger.warning("click path store: \(error)")
            return responses.message(
                .serviceUnavailable, title: "Not revoked",
                message: "The server could not store that the link is revoked (its log says why). It still opens.")
        }
        guard revoked else { return notSharer }
        host.logger.info("share link revoked", metadata: ["session": "\(session.id.short)"])
        return responses.redirect(to: FlowHostRoute.sharePage(id: id).url)
    }

    /// `GET /s/<id>`: a new session that replays the shared click path, then `303` to its screen;
    /// a link that expired or was revoked says so.
    func openShared(_ id: String, log: inout RequestLog) async throws -> Response {
        guard let share = await storedShare(id, askedBy: nil) else { return shareNotFound(id) }
        if let closed = shareClosed(share, revokedBySharer: false) { return closed }
        let session = await host.startSession(fromShare: (id, share.path))
        log.session = session.id
        let outcome = try await host.change(session, .none)
        guard case .page(let page, _, _) = outcome else { return responses.redirect(to: FlowHostRoute.root.url) }
        var response = responses.redirect(to: page.url)
        response.setCookie(responses.sessionCookie(session.id))
        return response
    }

    /// The share `id` as `session` sees it; nil for a malformed id, an unknown one, or a store
    /// that fails (logged).
    private func storedShare(_ id: String, askedBy session: Session?) async -> SharedPath? {
        guard OpaqueToken(id) != nil else { return nil }
        do {
            return try await host.paths.share(id: id, askedBy: session?.id.description)
        } catch {
            host.logger.warning("click path store: \(error)")
            return nil
        }
    }

    /// The page of a share that no longer opens (`410`), or nil for an open one.
    private func shareClosed(_ share: SharedPath, revokedBySharer: Bool) -> Response? {
        switch share.status {
        case .open:
            return nil
        case .revoked:
            return responses.message(
                .gone, title: "This share link was revoked",
                message: revokedBySharer
                    ? "You revoked it: whoever opens it now is told so. Copies already opened stay with whoever "
                        + "opened them."
                    : "Whoever shared it withdrew it, so it no longer opens. Ask them for a new link.",
                linkTitle: "Open the prototype")
        case .expired:
            return responses.message(
                .gone, title: "This share link expired",
                message: "It opened until \(Self.dateText(share.expires)) and no longer does. Ask whoever shared it "
                    + "for a new link.",
                linkTitle: "Open the prototype")
        }
    }

    private func shareNotFound(_ id: String) -> Response {
        responses.message(
            .notFound, title: "Share link not found",
            message: "No shared screen of this prototype has this link. Check that it was copied whole; a link that "
                + "expired or was revoked a while ago is gone too.",
            linkTitle: "Open the prototype")
    }

    /// `2026-05-14 09:30 UTC`: a date anyone reads the same, wherever the server is.
    static func dateText(_ date: Date) -> String { date.minuteText }
}
