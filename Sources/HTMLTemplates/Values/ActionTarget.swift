/// Where one action of a page goes when the page is not served: what ``ActionLinks/resolve(_:)``
/// answers for each action.
public enum ActionTarget: Sendable, Equatable {
    /// Followed with GET to `url` (a static export's relative file of the state it leads to): the
    /// form that carries it is sent with `method="get"`, a `formaction` button gets
    /// `formmethod="get"`, a link's `href` is `url`. A static host answers POST with 405.
    case link(String)
    /// Not available (a bound kept the crawl from following it): its attribute is left out, and the
    /// button that would send it is disabled with `reason` as its title.
    case disabled(reason: String)
}
