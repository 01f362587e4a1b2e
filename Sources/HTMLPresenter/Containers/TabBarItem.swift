/// How a tab's root looks in the tab bar.
public struct TabBarItem: Sendable, Equatable {
    /// The label under the icon.
    public var title: String
    /// An icon name from the stylesheet's set: `film`, `checkmark-circle`, `square-stack`,
    /// `person`, `star`, `house`, `gear`, `magnifyingglass`, `heart`, `list`.
    public var icon: String

    /// Creates a tab bar item.
    public init(title: String, icon: String) {
        self.title = title
        self.icon = icon
    }
}
