/// What a live map draws over the storyboard (``MapPage``): where people went, where the viewer is,
/// a funnel, and the form that chose them.
package struct MapTraffic: Sendable {
    /// The figures over the sessions counted.
    package let figures: TrafficFigures
    /// At most this many sessions, the most recently used, are counted.
    package let limit: Int
    /// The viewer's own session walked on the map, when the request named one.
    package let here: PathWalk?
    /// The funnel asked for, if any.
    package let funnel: Funnel?
    /// The form's `since` as typed (empty for all sessions).
    package let since: String
    /// The funnel's first screen as asked, by id.
    package let funnelFrom: String?
    /// The funnel's second screen as asked, by id.
    package let funnelTo: String?
    /// Where the form is sent: the map's own URL.
    package let formAction: String
    /// Where the same figures are as JSON.
    package let jsonURL: String
    /// Where the studies' results are, linked from the header; nil for no link.
    package var studiesURL: String?

    /// What a live map draws.
    package init(
        figures: TrafficFigures, limit: Int, here: PathWalk?, funnel: Funnel?, since: String, funnelFrom: String?,
        funnelTo: String?, formAction: String, jsonURL: String
    ) {
        self.figures = figures
        self.limit = limit
        self.here = here
        self.funnel = funnel
        self.since = since
        self.funnelFrom = funnelFrom
        self.funnelTo = funnelTo
        self.formAction = formAction
        self.jsonURL = jsonURL
    }
}
