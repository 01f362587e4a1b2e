/// How a render writes the actions in its values (``TemplateValue/action(_:)``): the web host posts
/// them to its own URLs, a static export links each to the file of the state it leads to. The
/// engine knows no URL of its own: it writes these.
public enum ActionLinks: Sendable {
    /// Each action is sent to `urlPrefix` followed by its token, the way the template's markup
    /// says (a form's POST): the markup is written as it is.
    case post(urlPrefix: String)
    /// Each action goes where `target(token)` says; the markup around it is adjusted to match (a
    /// form's method, a button's `formmethod`, a disabled button), and every action's label is
    /// read as the page renders (see ``RenderedPage``).
    case resolve(_ target: @Sendable (_ token: String) -> ActionTarget)
}
