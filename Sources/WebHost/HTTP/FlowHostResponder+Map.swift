import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPresenter
import Hummingbird

extension FlowHostResponder {
    /// `GET /_flowhost/map`: the storyboard with where people went drawn over it, the viewer's
    /// screen marked and its path drawn, and the funnel asked for. A query it cannot read is
    /// answered `400`, saying why.
    func mapPage(_ request: Request, log: inout RequestLog) async throws -> Response {
        let live = try await host.liveMap()
        let asked: (query: MapQuery, funnel: (from: Int, to: Int)?)
        switch Self.mapQuery(request, on: live) {
        case .success(let query): asked = query
        case .failure(let problem): return badMapQuery(problem)
        }
        let counted = try await host.traffic(since: asked.query.since, on: live)
        let here = await viewerPath(request, log: &log).map(live.traffic.walk)
        let funnel = asked.funnel.map { live.traffic.funnel(from: $0.from, to: $0.to, over: counted.walks) }
        var traffic = MapTraffic(
            figures: counted.figures, limit: host.configuration.trafficSessions, here: here, funnel: funnel,
            since: asked.query.sinceText, funnelFrom: asked.query.funnel?.from, funnelTo: asked.query.funnel?.to,
            formAction: FlowHostRoute.map.url, jsonURL: FlowHostRoute.mapJSON.url)
        traffic.studiesURL = FlowHostRoute.studies.url
        return responses.page(ByteBuffer(string: host.mapPage(live, traffic: traffic)))
    }

    /// `GET /_flowhost/map.json`: the storyboard as `flowhost map --format json` prints it, with
    /// `visits` on each screen and segue and `exits` on each screen.
    func mapJSON(_ request: Request) async throws -> Response {
        let live = try await host.liveMap()
        let query: MapQuery
        switch Self.mapQuery(request, on: live) {
        case .success(let asked): query = asked.query
        case .failure(let problem): return badMapQuery(problem)
        }
        let counted = try await host.traffic(since: query.since, on: live)
        return responses.json(bytes: live.map.json(traffic: counted.figures))
    }

    /// `GET /_flowhost/map/state/<n>`: the page a screen's thumbnail shows. Unlike every other
    /// page, it may be framed, by the server's own pages only (the map's thumbnails).
    func mapThumbnail(_ state: Int, request: Request) async throws -> Response {
        let live = try await host.liveMap()
        guard let html = try host.thumbnailPage(ofState: state, in: live) else { return notFound(request) }
        var response = responses.page(ByteBuffer(string: html))
        response.headers[.contentSecurityPolicy] = PageResponses.framedBySelfContentSecurityPolicy
        return response
    }

    /// The query of `request`, its funnel's screens found on `live`'s storyboard.
    private static func mapQuery(
        _ request: Request, on live: LiveMap
    ) -> Result<(query: MapQuery, funnel: (from: Int, to: Int)?), MapQuery.Problem> {
        do throws(MapQuery.Problem) {
            let query = try MapQuery(request.uri.query)
            guard let asked = query.funnel else { return .success((query, nil)) }
            let screens = live.traffic.storyboard.screens
            func index(_ id: String) throws(MapQuery.Problem) -> Int {
                guard let index = screens.firstIndex(where: { $0.id == id }) else {
                    throw MapQuery.Problem(
                        message: "No screen '\(id)' on this storyboard; /_flowhost/map.json lists the screens' ids.")
                }
                return index
            }
            return .success((query, (try index(asked.from), try index(asked.to))))
        } catch {
            return .failure(error)
        }
    }

    private func badMapQuery(_ problem: MapQuery.Problem) -> Response {
        responses.message(
            .badRequest, title: "The map cannot show that", message: problem.message, linkTitle: "Open the whole map",
            linkURL: FlowHostRoute.map.url)
    }

    /// The click path of the session the request names, if one lives (none is started for it).
    private func viewerPath(_ request: Request, log: inout RequestLog) async -> ClickPath? {
        // The map shows without the viewer's path when the store cannot be read for it.
        guard let session = try? await existingSession(request, log: &log) else { return nil }
        return try? await host.clickPath(of: session, clientGone: log.clientGone)
    }
}
