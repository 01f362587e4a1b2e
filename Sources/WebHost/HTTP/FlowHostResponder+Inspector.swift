import HTMLPresenter
import Hummingbird

extension FlowHostResponder {
    /// `GET /_flowhost/inspector`: the session's coordinator tree, step log and click path as a plain
    /// page (reloaded to move on); the page's script shows its content in a panel beside the phone.
    func inspector(of session: Session) async throws -> Response {
        let inspection = try await host.inspection(of: session)
        guard let inspection else { return responses.redirect(to: FlowHostRoute.root.url) }
        let html = host.renderer.renderInspector(
            inspection, backURL: FlowHostRoute.root.url, selfURL: FlowHostRoute.inspector.url, links: .served)
        return responses.page(ByteBuffer(string: html))
    }

    /// `POST /_flowhost/inspector/back/<n>`: "Back to here": the session replays the first `n`
    /// entries of its click path in a fresh window, then `303` to its screen. Same-origin only,
    /// like actions.
    func backToHere(_ entryCount: Int, request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        guard let session = try await existingSession(request, log: &log) else {
            return responses.message(
                .conflict, title: "This page has expired",
                message: "Its session ended (it was idle for a while, or the server restarted). Nothing was done.")
        }
        guard !session.isTester else { return notFound(request) }
        let outcome = try await host.goBack(session, toEntryCount: entryCount, clientGone: log.clientGone)
        switch outcome {
        case .page(let page, _, _):
            return responses.redirect(to: page.url)
        case nil:
            return responses.message(
                .conflict, title: "Nothing to go back to",
                message: "This session's click path has no entry \(entryCount) any more. Nothing was done.",
                linkTitle: "Open the inspector", linkURL: FlowHostRoute.inspector.url)
        case .storeUnavailable:
            return responses.storeUnavailable()
        case .refused, .ended:
            return responses.redirect(to: FlowHostRoute.root.url)
        }
    }
}
