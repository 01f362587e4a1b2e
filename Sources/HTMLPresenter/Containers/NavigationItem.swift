/// What a screen shows in the navigation bar of the navigation controller it is in.
@MainActor
public final class NavigationItem {
    /// Whether the title is drawn large, under the bar.
    public enum LargeTitleDisplayMode: Sendable {
        /// As the navigation controller's `prefersLargeTitles` says.
        case automatic
        /// Large.
        case always
        /// Inline, centred in the bar.
        case never
    }

    /// Large or inline title for this screen.
    public var largeTitleDisplayMode = LargeTitleDisplayMode.automatic
    /// Buttons at the left, after the back button.
    public var leftBarButtonItems: [BarButtonItem] = []
    /// Buttons at the right.
    public var rightBarButtonItems: [BarButtonItem] = []
    /// Hide the back button (a screen that must be left another way).
    public var hidesBackButton = false
    /// The back button's label on the screen pushed after this one; this screen's title if nil.
    public var backButtonTitle: String?

    init() {}
}
