import HTMLTemplates

/// One layer of the page: the window's root, or a presented modal, with its bars and visible screen.
public struct ScreenLayer: Sendable, Equatable {
    /// What kind of layer.
    public enum Style: Sendable, Equatable {
        /// The window's root view controller.
        case window
        /// A modal card with what is under it showing.
        case pageSheet
        /// A modal covering everything.
        case fullScreen
    }

    /// The navigation bar of the navigation controller on the visible path.
    public struct NavigationBar: Sendable, Equatable {
        /// The top screen's title.
        public let title: String
        /// Whether the title is drawn large.
        public let largeTitle: Bool
        /// Back to the previous screen, labelled with its title; nil at the root.
        public let backButton: BarButtonSnapshot?
        /// Buttons at the left.
        public let leftItems: [BarButtonSnapshot]
        /// Buttons at the right.
        public let rightItems: [BarButtonSnapshot]
    }

    /// A tab bar's items.
    public struct TabBar: Sendable, Equatable {
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

        /// The tabs, in order.
        public let items: [Item]
    }

    /// What kind of layer.
    public let style: Style
    /// Everything the layer holds.
    public let root: ScreenNode
    /// Whether the user can act on it (the top layer, without an alert over it).
    public let isInteractive: Bool
    /// The navigation bar, if the visible screen is in a navigation controller.
    public let navigationBar: NavigationBar?
    /// The tab bar, if the layer's visible path goes through a tab bar controller.
    public let tabBar: TabBar?
    /// The visible screen.
    public let screen: ScreenSnapshot
}
