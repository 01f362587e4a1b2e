/// Something shown on screen: a screen, a container, or a ``Flow`` (through its root).
///
/// Whoever presents it reports what happens to it through ``presentation``: HTMLPresenter's
/// containers do it for their screens, tests use a plain double.
///
/// ```swift
/// final class ScreenDouble: Presentable {
///     let presentation = Presentation(isVisible: true)
/// }
/// ```
@MainActor
public protocol Presentable: AnyObject, Sendable {
    /// Where visibility and dismissal are reported.
    var presentation: Presentation { get }
}
