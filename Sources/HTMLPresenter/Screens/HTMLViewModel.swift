import HTMLTemplates

/// What gives a screen's template its values.
///
/// Links and forms are never URLs written by hand: ask `actions` for one, and put what it returns
/// where the template expects a URL (`<form method="post" action="{{open}}">`, a button's
/// `formaction`, a link's `href`).
///
/// ```swift
/// final class MovieListViewModel: HTMLViewModel, Stepper {
///     let steps = Steps()
///     func templateValues(actions: ScreenActions) -> TemplateValue {
///         [
///             "movies": .list(
///                 Movie.all.map {
///                     ["title": .string($0.title), "open": actions.step(MovieStep.movieDetail(id: $0.id))]
///                 })
///         ]
///     }
/// }
/// ```
@MainActor
public protocol HTMLViewModel: AnyObject {
    /// The template's values for what is on screen now.
    func templateValues(actions: ScreenActions) -> TemplateValue
}
