import HTMLTemplates

/// The bar of a navigation controller (``HTMLNavigationController``): its top screen's title and bar
/// buttons, and a back button to the screen under it. Drawn by the chrome's `flowhost/navigation-bar`,
/// and a large title by `flowhost/large-title` at the top of the content.
public struct NavigationBar: ContainerBar {
    /// The chrome's template.
    public static let template = "flowhost/navigation-bar"
    /// Above the screen.
    public static let position = BarPosition.top

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

    /// The title, whether it is large, the buttons.
    public var templateValue: TemplateValue {
        var value: [TemplateKey: TemplateValue] = [
            "title": .string(title),
            "largeTitle": .bool(largeTitle),
            "leftItems": .list(leftItems.map(\.templateValue)),
            "rightItems": .list(rightItems.map(\.templateValue)),
        ]
        if let backButton {
            value["backButton"] = ["label": .string(backButton.title), "action": backButton.action.barValue]
        }
        return .object(value)
    }

    /// The large title, when the title is large.
    public var contentHeader: String? { largeTitle ? "flowhost/large-title" : nil }
}
