/// A stack of screens with a navigation bar: the title, a back button labelled with the previous
/// screen's title, and the top screen's bar buttons. Same API as UINavigationController.
///
/// ```swift
/// let navigationController = HTMLNavigationController()
/// navigationController.prefersLargeTitles = true
/// navigationController.pushViewController(listScreen, animated: true)
/// ```
///
/// Popped and replaced screens are reported dismissed.
@MainActor
public final class HTMLNavigationController: HTMLViewController, HTMLContainer {
    /// Its own action: the back button.
    public enum Action: ContainerAction {
        /// Back to the screen under the top one, named by its title.
        case back(to: String)

        /// A back segue.
        public var transition: Transition? { .back }
        /// `back to Movies`.
        public var description: String {
            switch self {
            case .back(let title): "back to \(title)"
            }
        }
    }

    /// The stack, bottom first.
    public private(set) var viewControllers: [HTMLViewController] = []
    /// Large titles for screens whose `largeTitleDisplayMode` is `.automatic`.
    public var prefersLargeTitles = false { didSet { setNeedsUpdate() } }

    /// A navigation controller with `rootViewController` at the bottom of its stack, if given.
    public init(rootViewController: HTMLViewController? = nil) {
        super.init(containerTitle: "")
        if let rootViewController {
            setViewControllers([rootViewController], animated: false)
        }
    }

    /// The screen on top of the stack.
    public var topViewController: HTMLViewController? { viewControllers.last }

    /// Pushes `viewController` on top.
    public func pushViewController(_ viewController: HTMLViewController, animated: Bool = true) {
        precondition(
            !viewControllers.contains { $0 === viewController }, "\(type(of: viewController)) is already in this stack")
        adopt(viewController)
        viewControllers.append(viewController)
        containerDidChange()
    }

    /// Pops the top screen (never the root) and returns it.
    @discardableResult
    public func popViewController(animated: Bool = true) -> HTMLViewController? {
        guard viewControllers.count > 1 else { return nil }
        return pop(to: viewControllers.count - 2).first
    }

    /// Pops every screen above the root and returns them, top last.
    @discardableResult
    public func popToRootViewController(animated: Bool = true) -> [HTMLViewController]? {
        guard viewControllers.count > 1 else { return nil }
        return pop(to: 0)
    }

    /// Pops every screen above `viewController` and returns them; nil if it is not in the stack.
    @discardableResult
    public func popToViewController(_ viewController: HTMLViewController, animated: Bool = true)
        -> [HTMLViewController]?
    {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else { return nil }
        return pop(to: index)
    }

    /// Replaces the whole stack; screens no longer in it are reported dismissed.
    public func setViewControllers(_ newViewControllers: [HTMLViewController], animated: Bool = true) {
        let removed = viewControllers.filter { old in !newViewControllers.contains { $0 === old } }
        for viewController in newViewControllers {
            adopt(viewController)
        }
        viewControllers = newViewControllers
        dismissRemoved(removed)
        containerDidChange()
    }

    private func pop(to index: Int) -> [HTMLViewController] {
        let removed = Array(viewControllers[(index + 1)...])
        viewControllers.removeSubrange((index + 1)...)
        dismissRemoved(removed)
        containerDidChange()
        return removed
    }

    /// Forgets `child`, which another container adopted.
    public func release(_ child: HTMLViewController) {
        viewControllers.removeAll { $0 === child }
        containerDidChange()
    }

    /// Itself, without a conformance lookup (see `HTMLViewController.container`).
    override var container: (any HTMLContainer)? { self }
    /// The whole stack.
    public var containedViewControllers: [HTMLViewController] { viewControllers }
    /// The top screen.
    public var visibleChild: HTMLViewController? { topViewController }
    /// Pops to `child`.
    public func reveal(_ child: HTMLViewController) { popToViewController(child) }
    /// `navigation`, a stack.
    public var place: ContainerPlace { ContainerPlace(kind: "navigation", order: .stack) }

    /// The bar: the top screen's title and bar buttons, and a back button to the previous screen.
    public func bar(actions: ContainerActions<HTMLNavigationController>) -> NavigationBar? {
        guard let top = viewControllers.last else {
            return NavigationBar(title: "", largeTitle: false, backButton: nil, leftItems: [], rightItems: [])
        }
        var backButton: BarButtonSnapshot?
        // Read without making the items of screens that never set one.
        let item = top.madeNavigationItem
        if viewControllers.count > 1, item?.hidesBackButton != true {
            let previous = viewControllers[viewControllers.count - 2]
            let label = previous.madeNavigationItem?.backButtonTitle ?? previous.title
            // Taken only while the stack is as captured (any change retires it): pop the top.
            let action = actions.action(.back(to: previous.title)) { $0.popViewController(animated: true) }
            backButton = BarButtonSnapshot(title: label.isEmpty ? "Back" : label, action: action, isProminent: false)
        }
        let largeTitle =
            switch item?.largeTitleDisplayMode ?? .automatic {
            case .always: true
            case .never: false
            case .automatic: prefersLargeTitles
            }
        let buttons = { (items: [BarButtonItem]) in
            items.map {
                BarButtonSnapshot(
                    title: $0.title, action: actions.action(for: $0, of: top), isProminent: $0.style == .done)
            }
        }
        return NavigationBar(
            title: top.title, largeTitle: largeTitle, backButton: backButton,
            leftItems: buttons(item?.leftBarButtonItems ?? []),
            rightItems: buttons(item?.rightBarButtonItems ?? []))
    }
}
