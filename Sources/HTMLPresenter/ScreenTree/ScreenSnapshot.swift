import HTMLTemplates

/// The screen on screen in a layer: which one, its title, its template and, when its content is
/// rendered, the template's values.
public struct ScreenSnapshot: Sendable, Equatable {
    /// The view controller's identifier.
    public let id: ScreenID
    /// Its title.
    public let title: String
    /// Its template; nil for an empty container.
    public let template: String?
    /// The template's values; nil when the layer's content is not rendered (a layer under a sheet).
    public let values: TemplateValue?
}
