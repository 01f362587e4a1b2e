import HTMLTemplates

/// The bar of a tab bar controller (``HTMLTabBarController``): a button per tab, the selected one
/// marked. Drawn by the chrome's `flowhost/tab-bar`.
public struct TabBar: ContainerBar {
    /// One tab.
    public struct Item: Sendable, Equatable {
        /// The label.
        public let title: String
        /// The icon name.
        public let icon: String
        /// Whether it is the selected tab.
        public let isSelected: Bool
        /// The action that selects it; one without a token when not interactive.
        public let action: ActionReference
    }

    /// The chrome's template.
    public static let template = "flowhost/tab-bar"
    /// Below the screen.
    public static let position = BarPosition.bottom

    /// The tabs, in order.
    public let items: [Item]

    /// The tabs.
    public var templateValue: TemplateValue {
        [
            "items": .list(
                items.map {
                    [
                        "title": .string($0.title), "icon": .string($0.icon), "isSelected": .bool($0.isSelected),
                        "action": $0.action.barValue,
                    ]
                })
        ]
    }

    /// The content ends above the bar, which covers the home indicator's room.
    public var contentClass: String? { "has-tab-bar" }
}
