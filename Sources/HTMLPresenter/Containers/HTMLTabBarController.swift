/// Tabs, each with its own view controller (usually a navigation controller, which keeps its own
/// stack while another tab is selected). Same API as UITabBarController.
///
/// ```swift
/// let tabBar = HTMLTabBarController()
/// movies.tabBarItem = TabBarItem(title: "Movies", icon: "film")
/// tabBar.setViewControllers([movies, profile], animated: false)
/// window.rootViewController = tabBar
/// ```
@MainActor
public final class HTMLTabBarController: HTMLViewController, HTMLContainer {
    /// Its own action: a tab.
    public enum Action: ContainerAction {
        /// Selects the tab with this title.
        case tab(String)

        /// A tab segue.
        public var transition: Transition? { .tab }
        /// `tab Profile`.
        public var description: String {
            switch self {
            case .tab(let title): "tab \(title)"
            }
        }
    }

    /// The tabs' view controllers, in order.
    public private(set) var viewControllers: [HTMLViewController] = []
    /// The selected tab.
    public var selectedIndex = 0 {
        didSet {
            precondition(viewControllers.indices.contains(selectedIndex), "No tab at index \(selectedIndex)")
            if selectedIndex != oldValue { containerDidChange() }
        }
    }

    /// An empty tab bar controller.
    public init() {
        super.init(containerTitle: "")
    }

    /// The selected tab's view controller.
    public var selectedViewController: HTMLViewController? {
        viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    /// Replaces the tabs; tabs no longer present are reported dismissed. Keeps the selected
    /// index when it still exists.
    public func setViewControllers(_ newViewControllers: [HTMLViewController], animated: Bool = true) {
        let removed = viewControllers.filter { old in !newViewControllers.contains { $0 === old } }
        for viewController in newViewControllers {
            adopt(viewController)
        }
        viewControllers = newViewControllers
        if !viewControllers.indices.contains(selectedIndex) {
            selectedIndex = 0
        }
        dismissRemoved(removed)
        containerDidChange()
    }

    /// Forgets `child`, which another container adopted.
    public func release(_ child: HTMLViewController) {
        viewControllers.removeAll { $0 === child }
        if !viewControllers.isEmpty && !viewControllers.indices.contains(selectedIndex) {
            selectedIndex = 0
        }
        containerDidChange()
    }

    /// Itself, without a conformance lookup (see `HTMLViewController.container`).
    override var container: (any HTMLContainer)? { self }
    /// Every tab.
    public var containedViewControllers: [HTMLViewController] { viewControllers }
    /// The selected tab.
    public var visibleChild: HTMLViewController? { selectedViewController }
    /// Selects `child`'s tab.
    public func reveal(_ child: HTMLViewController) {
        if let index = viewControllers.firstIndex(where: { $0 === child }) { selectedIndex = index }
    }
    /// `tab` and the selected tab's title: each tab is a flow of its own.
    public var place: ContainerPlace {
        ContainerPlace(
            kind: "tab", flow: selectedViewController.map { item(of: $0).title } ?? "\(selectedIndex + 1)",
            order: .alternatives(.tab))
    }

    /// The bar: a button per tab.
    public func bar(actions: ContainerActions<HTMLTabBarController>) -> TabBar? {
        TabBar(
            items: viewControllers.enumerated().map { index, tab in
                let item = item(of: tab)
                let action = actions.action(.tab(item.title)) { $0.selectedIndex = index }
                return TabBar.Item(
                    title: item.title, icon: item.icon, isSelected: index == selectedIndex, action: action)
            })
    }

    /// How `tab` shows in the bar: its item, or its title with a generic icon.
    private func item(of tab: HTMLViewController) -> TabBarItem {
        tab.tabBarItem ?? TabBarItem(title: tab.title, icon: "circle")
    }
}
