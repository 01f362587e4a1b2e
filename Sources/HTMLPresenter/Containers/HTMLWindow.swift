import FlowCore

/// The top of the view controller tree: a root view controller and the modals presented over it.
/// It keeps every view controller's visibility up to date, captures what is on screen as a
/// ``ScreenTree`` and runs the actions of that capture.
///
/// ```swift
/// let window = HTMLWindow()
/// window.rootViewController = HTMLNavigationController(rootViewController: listScreen)
/// let tree = window.updatedScreenTree()
/// let html = try renderer.render(tree)
/// let result = try await window.perform(tree.actions[0].token)  // the first movie's action
/// ```
///
/// The window is ``Presentable`` (always visible, never dismissed), so an app's root flow can own it
/// the way an RxFlow `AppFlow` owns its `UIWindow`.
@MainActor
public final class HTMLWindow: Presentable {
    // MARK: Stored properties

    /// Always visible.
    public let presentation = Presentation(isVisible: true)

    /// The view controller at the bottom of everything; replacing it dismisses the old tree and
    /// every modal, and releases them.
    public var rootViewController: HTMLViewController? {
        didSet { rootDidChange(from: oldValue) }
    }
    private var modals: [Modal] = []
    private let actionTable = ActionTable()
    /// The last capture.
    public private(set) var screenTree = ScreenTree.empty
    /// Whether what is on screen changed since the last capture.
    public private(set) var needsCapture = true {
        didSet {
            guard needsCapture && !oldValue else { return }
            actionTable.retireAll()
            onNeedsCapture?()
        }
    }
    /// Called when what is on screen changes after a capture: once, until the next capture. The
    /// tokens of the last capture are stale from then on (the page they were rendered into is out
    /// of date). The web host uses it to move open pages when a flow navigates on its own.
    public var onNeedsCapture: (@MainActor () -> Void)?

    // MARK: Initialization

    /// An empty window.
    public init() {}

    // MARK: Capturing and acting

    /// The screen tree, captured anew if anything changed since the last capture. A new capture
    /// issues new action tokens; the previous ones become stale.
    public func updatedScreenTree() -> ScreenTree {
        if needsCapture { capture() }
        return screenTree
    }

    /// Runs the action behind `token` with the submitted `fields`.
    ///
    /// - Throws: ``ActionError/unknown`` for a token this window never issued,
    ///   ``ActionError/stale`` for one no longer on screen. Either way nothing changes.
    public func perform(_ token: String, fields: FormFields = FormFields()) async throws(ActionError) -> ActionResult {
        let perform = try actionTable.take(token)
        needsCapture = true
        let result = await perform(fields)
        needsCapture = true
        return result
    }

    /// Brings the view controller with identifier `id` back on screen, as the iOS back button
    /// would: dismisses the modals above its layer, pops the stacks above it and selects its tabs.
    /// Returns false, changing nothing, when the window no longer holds it.
    @discardableResult
    public func reveal(_ id: ScreenID) -> Bool {
        guard let layer = layerRoots.firstIndex(where: { $0.node.contains(id) }) else { return false }
        let root = layerRoots[layer]
        dismissModals(from: layer)
        var container = root
        while container.id != id,
            let child = container.containedViewControllers.first(where: { $0.node.contains(id) })
        {
            container.reveal(child)
            container = child
        }
        return true
    }

    /// Marks the screen tree as changed (a view model's values changed).
    func setNeedsCapture() {
        needsCapture = true
    }

    // MARK: Modal presentation

    func present(_ viewController: HTMLViewController, from presenter: HTMLViewController) {
        precondition(
            viewController.window == nil && viewController.parent == nil,
            "\(type(of: viewController)) '\(viewController.title)' is already shown: dismiss or remove it first")
        viewController.hostingWindow = self
        modals.append(Modal(viewController: viewController, presenter: presenter))
        treeDidChange()
    }

    /// UIKit's rule: dismiss what `viewController`'s layer presented, or else its own layer.
    func dismiss(from viewController: HTMLViewController) {
        guard let layer = layerIndex(of: viewController) else { return }
        if modals.count > layer {
            dismissModals(from: layer)
        } else if layer > 0 {
            dismissModals(from: layer - 1)
        }
    }

    /// Dismisses the modals presented from `viewController` or from inside it (it is leaving).
    func dismissModals(presentedFrom viewController: HTMLViewController) {
        let index = modals.firstIndex { modal in
            var candidate = modal.presenter
            while let current = candidate {
                if current === viewController { return true }
                candidate = current.parent
            }
            return false
        }
        if let index { dismissModals(from: index) }
    }

    func presenter(of viewController: HTMLViewController) -> HTMLViewController? {
        guard let layer = layerIndex(of: viewController), layer > 0 else { return nil }
        return modals[layer - 1].presenter
    }

    func presented(from viewController: HTMLViewController) -> HTMLViewController? {
        guard let layer = layerIndex(of: viewController), modals.count > layer else { return nil }
        return modals[layer].viewController
    }

    // MARK: Tree changes

    /// Something moved: visibility is recomputed at once, the screen tree on the next capture.
    func treeDidChange() {
        needsCapture = true
        updateVisibility()
    }

    private func rootDidChange(from old: HTMLViewController?) {
        guard old !== rootViewController else { return }
        dismissModals(from: 0)
        if let old {
            old.hostingWindow = nil
            old.markDismissedRecursively()
        }
        rootViewController?.hostingWindow = self
        treeDidChange()
    }

    private func dismissModals(from index: Int) {
        guard modals.indices.contains(index) else { return }
        let removed = modals[index...]
        modals.removeSubrange(index...)
        for modal in removed.reversed() {
            modal.viewController.hostingWindow = nil
            modal.viewController.markDismissedRecursively()
        }
        treeDidChange()
    }

    /// 0 for the root's tree, n for the tree of the n-th modal.
    private func layerIndex(of viewController: HTMLViewController) -> Int? {
        var top = viewController
        while let parent = top.parent { top = parent }
        if top === rootViewController { return 0 }
        return modals.firstIndex { $0.viewController === top }.map { $0 + 1 }
    }

    private var layerRoots: [HTMLViewController] {
        (rootViewController.map { [$0] } ?? []) + modals.map(\.viewController)
    }

    private func updateVisibility() {
        var visible = Set<ObjectIdentifier>()
        let roots = layerRoots
        if let top = roots.last {
            for viewController in Self.visiblePath(from: top) {
                visible.insert(ObjectIdentifier(viewController))
            }
            if top is HTMLAlertController, roots.count > 1 {
                for viewController in Self.visiblePath(from: roots[roots.count - 2]) {
                    visible.insert(ObjectIdentifier(viewController))
                }
            }
        }
        for root in roots {
            Self.forEach(in: root) { $0.presentation.isVisible = visible.contains(ObjectIdentifier($0)) }
        }
    }

    private static func visiblePath(from root: HTMLViewController) -> [HTMLViewController] {
        var path = [root]
        while let child = path.last?.visibleChild { path.append(child) }
        return path
    }

    private static func forEach(in root: HTMLViewController, _ body: (HTMLViewController) -> Void) {
        body(root)
        for child in root.containedViewControllers {
            forEach(in: child, body)
        }
    }

    // MARK: Capture

    private func capture() {
        actionTable.retireAll()
        let roots = layerRoots
        let alert = roots.last as? HTMLAlertController
        let layerViewControllers = roots.filter { !($0 is HTMLAlertController) }
        var layers: [ScreenLayer] = []
        for (index, root) in layerViewControllers.enumerated() {
            let isTop = index == layerViewControllers.count - 1
            let style: ScreenLayer.Style =
                index == 0 && root === rootViewController
                ? .window : (root.modalPresentationStyle == .fullScreen ? .fullScreen : .pageSheet)
            layers.append(
                captureLayer(root, style: style, isInteractive: isTop && alert == nil, rendersContent: isTop))
        }
        screenTree = ScreenTree(
            version: screenTree.version + 1, layers: layers, alert: alert.map(captureAlert),
            actions: actionTable.onScreen)
        needsCapture = false
    }

    private func captureLayer(
        _ root: HTMLViewController, style: ScreenLayer.Style, isInteractive: Bool, rendersContent: Bool
    ) -> ScreenLayer {
        let table = isInteractive ? actionTable : nil
        let path = Self.visiblePath(from: root)
        let leaf = path[path.count - 1]
        let tabBarController = path.lazy.compactMap { $0 as? HTMLTabBarController }.first
        let navigationController = path.lazy.compactMap { $0 as? HTMLNavigationController }.last
        return ScreenLayer(
            style: style,
            root: root.node,
            isInteractive: isInteractive,
            navigationBar: navigationController.map { navigationBar(of: $0, table: table) },
            tabBar: tabBarController.map { tabBar(of: $0, table: table) },
            screen: ScreenSnapshot(
                id: leaf.id, title: leaf.title, template: leaf.templateName,
                values: rendersContent ? values(of: leaf, table: table) : nil))
    }

    private func values(of screen: HTMLViewController, table: ActionTable?) -> TemplateValue? {
        guard screen.templateName != nil else { return nil }
        var values = screen.viewModel?.templateValues(actions: ScreenActions(table: table, screen: screen)) ?? [:]
        if let formState = screen.formState {
            values["form"] = formState.templateValue
        }
        return values
    }

    private func navigationBar(
        of navigationController: HTMLNavigationController, table: ActionTable?
    ) -> ScreenLayer.NavigationBar {
        let stack = navigationController.viewControllers
        guard let top = stack.last else {
            return .init(title: "", largeTitle: false, backButton: nil, leftItems: [], rightItems: [])
        }
        var backButton: BarButtonSnapshot?
        if stack.count > 1, !top.navigationItem.hidesBackButton {
            let previous = stack[stack.count - 2]
            let label = previous.navigationItem.backButtonTitle ?? previous.title
            let action =
                table?.register(.text("back to \(previous.title)")) {
                    [weak navigationController, weak previous] _ in
                    if let navigationController, let previous {
                        navigationController.popToViewController(previous, animated: true)
                    }
                    return .accepted
                } ?? ""
            backButton = BarButtonSnapshot(title: label.isEmpty ? "Back" : label, action: action, isProminent: false)
        }
        let largeTitle =
            switch top.navigationItem.largeTitleDisplayMode {
            case .always: true
            case .never: false
            case .automatic: navigationController.prefersLargeTitles
            }
        let actions = ScreenActions(table: table, screen: top)
        let buttons = { (items: [BarButtonItem]) in
            items.map {
                BarButtonSnapshot(title: $0.title, action: actions.url(for: $0), isProminent: $0.style == .done)
            }
        }
        return .init(
            title: top.title, largeTitle: largeTitle, backButton: backButton,
            leftItems: buttons(top.navigationItem.leftBarButtonItems),
            rightItems: buttons(top.navigationItem.rightBarButtonItems))
    }

    private func tabBar(of tabBarController: HTMLTabBarController, table: ActionTable?) -> ScreenLayer.TabBar {
        let items = tabBarController.viewControllers.enumerated().map { index, tab in
            let item = tab.tabBarItem ?? TabBarItem(title: tab.title, icon: "circle")
            let action =
                table?.register(.text("tab \(item.title)")) { [weak tabBarController] _ in
                    tabBarController?.selectedIndex = index
                    return .accepted
                } ?? ""
            return ScreenLayer.TabBar.Item(
                title: item.title, icon: item.icon, isSelected: index == tabBarController.selectedIndex, action: action)
        }
        return .init(items: items)
    }

    private func captureAlert(_ alert: HTMLAlertController) -> AlertSnapshot {
        let actions = alert.actions.map { action in
            let url = actionTable.register(.text("alert \(action.title)")) { [weak alert] _ in
                alert?.choose(action)
                return .accepted
            }
            return AlertSnapshot.Action(
                title: action.title, isCancel: action.style == .cancel, isDestructive: action.style == .destructive,
                action: url)
        }
        return AlertSnapshot(id: alert.id, title: alert.title, message: alert.message, actions: actions)
    }
}

/// A presented view controller and the one it was presented from.
private struct Modal {
    let viewController: HTMLViewController
    weak var presenter: HTMLViewController?
}
