/// A navigation intent, emitted by a ``Stepper`` and navigated by a ``Flow``.
///
/// Name steps after intents, not presentations: `movieDetail`, not `showMovieDetail`.
///
/// ```swift
/// enum MovieStep: Step {
///     case movieList
///     case movieDetail(id: Int)
/// }
/// ```
public protocol Step: Sendable {}

/// The step that means "nothing to navigate": it is never sent to a flow.
///
/// It is the default ``Stepper/initialStep``.
public struct NoneStep: Step {
    /// Creates the step that navigates nowhere.
    public init() {}
}
