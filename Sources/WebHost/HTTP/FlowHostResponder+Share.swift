import HTMLPresenter
import Hummingbird

extension FlowHostResponder {
    /// `POST /_share`: keeps the session's click path under a new random id, then `303` to the page
    /// that shows its link. Same-origin only, like actions.
    func share(_ request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        guard let session = await existingSession(request, log: &log) else {
            return responses.message(
                .conflict, title: "Nothing to share",
                message: "This page's session has ended (it was idle for a while). Nothing was shared.")
        }
        let id = try await session.queue.run(clientGone: log.clientGone) { try await host.share(session) }
        return responses.redirect(to: FlowHostRoute.sharePage(id: id).url)
    }

    /// `GET /_share/<id>`: the share link as text, absolute, with a Copy button. The link starts
    /// with the public URL, or the bound address: never with what the request's `Host` said.
    func sharePage(_ id: String) async -> Response {
        guard await sharedPath(id) != nil else { return shareNotFound(id) }
        let link = allowedHosts.origin + FlowHostRoute.shared(id: id).url
        let note =
            allowedHosts.linksStayOnThisMachine
            ? "This link opens on this machine only: to share beyond it, start the server with --public-url." : nil
        return responses.page(
            ByteBuffer(
                string: host.renderer.renderShare(
                    link: link, note: note, backURL: FlowHostRoute.root.url, links: .served)))
    }

    /// `GET /s/<id>`: a new session that replays the shared click path, then `303` to its screen.
    func openShared(_ id: String, log: inout RequestLog) async throws -> Response {
        guard let path = await sharedPath(id) else { return shareNotFound(id) }
        let session = await host.startSession(replaying: path)
        log.session = session.id
        let outcome = try await session.queue.run { () throws(RenderError) in try await host.update(session, .none) }
        guard case .page(let page, _) = outcome else { return responses.redirect(to: FlowHostRoute.root.url) }
        var response = responses.redirect(to: page.url)
        response.setCookie(responses.sessionCookie(session.id))
        return response
    }

    /// The path shared under `id`; nil for a malformed id, an unknown one, or a store that fails
    /// (logged).
    private func sharedPath(_ id: String) async -> ClickPath? {
        guard OpaqueToken(id) != nil else { return nil }
        do {
            return try await host.paths.sharedPath(id: id)
        } catch {
            host.logger.warning("click path store: \(error)")
            return nil
        }
    }

    private func shareNotFound(_ id: String) -> Response {
        responses.message(
            .notFound, title: "Share link not found",
            message: "No shared screen of this prototype has this link. Check that it was copied whole.",
            linkTitle: "Open the prototype")
    }
}
