import HTMLTemplates

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
public final class HTMLTabBarController: HTMLViewController {
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

    override func release(_ child: HTMLViewController) {
        viewControllers.removeAll { $0 === child }
        if !viewControllers.isEmpty && !viewControllers.indices.contains(selectedIndex) {
            selectedIndex = 0
        }
        containerDidChange()
    }

    override var containedViewControllers: [HTMLViewController] { viewControllers }
    override var visibleChild: HTMLViewController? { selectedViewController }
    override func reveal(_ child: HTMLViewController) {
        if let index = viewControllers.firstIndex(where: { $0 === child }) { selectedIndex = index }
    }
    override var node: ScreenNode {
        .tabBar(id: id, tabs: viewControllers.map(\.node), selectedIndex: selectedIndex)
    }

    override func describeBars(into bars: inout LayerBars, table: ActionTable?) {
        guard bars.tabBar == nil else { return }
        let items = viewControllers.enumerated().map { index, tab in
            let item = tab.tabBarItem ?? TabBarItem(title: tab.title, icon: "circle")
            let action =
                table?.register(.text("tab \(item.title)"), of: id) { [weak self] _ in
                    self?.selectedIndex = index
                    return .accepted
                } ?? .inert
            return ScreenLayer.TabBar.Item(
                title: item.title, icon: item.icon, isSelected: index == selectedIndex, action: action)
        }
        bars.tabBar = .init(items: items)
    }
}
