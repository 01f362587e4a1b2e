import HTMLTemplates

/// A bar a container draws around the screen it shows (``NavigationBar``, ``TabBar``), as a plain
/// value the screen tree keeps; the page renderer draws it with its template, off the main actor.
///
/// ``template`` names FlowHost's chrome template when it starts with `flowhost/`, else a template of
/// the app's own (`pages/control` is `Templates/pages/control.mustache`), checked at start and
/// reloaded while serving like a screen's, so a container from outside FlowHost brings its bar as
/// one template file with no registry. The template gets ``templateValue`` and `isTop` (the layer on
/// top: its bar is the page's header; a covered layer's is drawn, not read out).
public protocol ContainerBar: Sendable, Equatable {
    /// The template that draws it.
    static var template: String { get }
    /// Above or below the screen.
    static var position: BarPosition { get }
    /// What its template renders: its titles, and its actions as `ActionReference.barValue`.
    var templateValue: TemplateValue { get }
    /// A template drawn with the same values at the top of the screen's content, scrolling with it
    /// (a large title); nil for none.
    var contentHeader: String? { get }
    /// A class the content area takes while the bar is drawn (less room at the bottom over a tab
    /// bar); nil for none.
    var contentClass: String? { get }
}

extension ContainerBar {
    /// None.
    public var contentHeader: String? { nil }
    /// None.
    public var contentClass: String? { nil }

    /// Whether `other` is this bar: of the same type, equal.
    func isEqual(to other: any ContainerBar) -> Bool {
        (other as? Self) == self
    }
}
