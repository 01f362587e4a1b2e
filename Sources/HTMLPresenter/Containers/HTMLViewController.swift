import FlowCore

/// A screen: a template and a view model that gives it values. Subclassed by the containers.
///
/// ```swift
/// let viewModel = MovieListViewModel()  // an HTMLViewModel and a Stepper
/// let screen = HTMLViewController(template: "movies/list", viewModel: viewModel, title: "Movies")
/// navigationController.pushViewController(screen, animated: true)
/// return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: viewModel))
/// ```
///
/// Its ``presentation`` is kept up to date by the window: visible while it is on the path from the
/// window through the top modal and each container's visible child; dismissed once popped,
/// dismissed or replaced.
@MainActor
open class HTMLViewController: Presentable {
    // MARK: Stored properties

    /// Visibility and dismissal, as FlowCore reads them.
    public let presentation = Presentation()
    /// Identifies this view controller in its window (the web host's URL for it); numbered when
    /// it first joins a window.
    public internal(set) var id = ScreenID.outsideWindow
    /// The template of the screen's content (`"movies/detail"` for `Templates/movies/detail.mustache`).
    public let templateName: String?
    /// What gives the template its values.
    public let viewModel: (any HTMLViewModel)?
    /// The title in the navigation bar, the back button of the next screen, the page title.
    public var title: String { didSet { setNeedsUpdate() } }
    /// What this screen shows in its navigation controller's bar.
    public var navigationItem: NavigationItem {
        if let madeNavigationItem { return madeNavigationItem }
        let item = NavigationItem()
        madeNavigationItem = item
        return item
    }
    /// The navigation item once asked for: most view controllers (containers, screens under
    /// others) never show one, and a live session holds a dozen of them.
    private(set) var madeNavigationItem: NavigationItem?
    /// How this screen looks in a tab bar; the title with a generic icon if nil.
    public var tabBarItem: TabBarItem? { didSet { setNeedsUpdate() } }
    /// How it covers the screen when presented.
    public var modalPresentationStyle = ModalPresentationStyle.pageSheet
    /// The container this view controller is in, if any.
    public internal(set) weak var parent: HTMLViewController?
    weak var hostingWindow: HTMLWindow?
    private(set) var formState: FormState?

    // MARK: Initialization

    /// A screen rendered from `template` with `viewModel`'s values.
    public init(template: String, viewModel: (any HTMLViewModel)? = nil, title: String = "") {
        templateName = template
        self.viewModel = viewModel
        self.title = title
    }

    /// A view controller without a template of its own: a container's (see ``HTMLContainer``), or an
    /// alert's.
    public init(containerTitle: String) {
        templateName = nil
        viewModel = nil
        title = containerTitle
    }

    // MARK: Relations

    /// The window this view controller is shown in, if any.
    public var window: HTMLWindow? { parent?.window ?? hostingWindow }

    /// The nearest navigation controller above this view controller.
    public var navigationController: HTMLNavigationController? {
        parent as? HTMLNavigationController ?? parent?.navigationController
    }

    /// The nearest tab bar controller above this view controller.
    public var tabBarController: HTMLTabBarController? {
        parent as? HTMLTabBarController ?? parent?.tabBarController
    }

    /// The view controller this one, or its outermost container, was presented from.
    public var presentingViewController: HTMLViewController? {
        window?.presenter(of: self)
    }

    /// The view controller presented from this one (or from a screen inside it), if any.
    public var presentedViewController: HTMLViewController? {
        window?.presented(from: self)
    }

    /// What emits this screen's steps: its view model if it is a Stepper, else itself if it is one.
    public var stepper: (any Stepper)? {
        viewModel as? any Stepper ?? self as? any Stepper
    }

    // MARK: Modal presentation

    /// Presents `viewController` over everything, as its ``modalPresentationStyle`` says.
    /// Presenting on top of a modal works: modals stack.
    public func present(_ viewController: HTMLViewController, animated: Bool = true) {
        guard let window else {
            preconditionFailure(
                "present(_:) from \(type(of: self)) '\(title)', which is not in a window: set the window's "
                    + "rootViewController first")
        }
        window.present(viewController, from: self)
    }

    /// Dismisses what this view controller presented or, if it presented nothing, itself (when it
    /// was presented). Everything dismissed is reported dismissed.
    public func dismiss(animated: Bool = true) {
        window?.dismiss(from: self)
    }

    /// Tells the window that the view model's values changed, so the page shows them.
    public func setNeedsUpdate() {
        window?.contentDidChange()
    }

    // MARK: Containment

    /// This view controller as a container, if it is one. Every walk of the tree (visibility,
    /// capture, positions) asks it of each view controller: a plain screen answers without asking
    /// the runtime for a conformance (a lookup in its cache, about 0.5 % of a server's CPU on an
    /// action), and the built-in containers override it to answer themselves.
    var container: (any HTMLContainer)? {
        type(of: self) == HTMLViewController.self ? nil : self as? any HTMLContainer
    }

    /// Every view controller this one contains (all tabs, the whole stack); none for a screen.
    var children: [HTMLViewController] { container?.containedViewControllers ?? [] }

    /// This view controller and, through each container's visible child, the screen on screen.
    var visiblePath: [HTMLViewController] {
        var path = [self]
        while let child = path.last?.container?.visibleChild { path.append(child) }
        return path
    }

    /// The last of ``visiblePath``, found without making the path.
    var visibleScreen: HTMLViewController {
        var screen = self
        while let child = screen.container?.visibleChild { screen = child }
        return screen
    }

    /// This view controller and its contents as plain values.
    var node: ScreenNode {
        guard let container else {
            return ScreenNode(id: id, title: title, template: templateName, place: nil, children: [], visibleIndex: nil)
        }
        let children = container.containedViewControllers
        let visible = container.visibleChild
        return ScreenNode(
            id: id, title: title, template: templateName, place: container.place, children: children.map(\.node),
            visibleIndex: visible.flatMap { visible in children.firstIndex { $0 === visible } })
    }

    /// Whether this view controller is `id` or contains it (as its ``node`` would say, without
    /// making the node).
    func contains(_ id: ScreenID) -> Bool {
        self.id == id || children.contains { $0.contains(id) }
    }

    /// Reports this view controller and everything it contains as dismissed.
    func markDismissedRecursively() {
        for child in children {
            child.markDismissedRecursively()
        }
        presentation.markDismissed()
    }

    // MARK: Forms

    func formDidSubmit(_ fields: FormFields, outcome: ActionResult) {
        switch outcome {
        case .accepted: formState = nil
        case .invalid(let errors): formState = FormState(fields: fields, errors: errors)
        }
    }
}
