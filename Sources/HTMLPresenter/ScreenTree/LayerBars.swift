/// The bars drawn around a layer's visible screen, filled in by the containers on its visible path
/// (see `HTMLViewController.describeBars(into:table:)`).
struct LayerBars {
    /// The navigation bar of the innermost navigation controller.
    var navigationBar: ScreenLayer.NavigationBar?
    /// The tab bar of the innermost tab bar controller.
    var tabBar: ScreenLayer.TabBar?
}
