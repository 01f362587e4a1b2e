import FlowCore

/// The top of the view controller tree: a root view controller and the modals presented over it.
/// It keeps every view controller's visibility up to date and counts the changes of what is on
/// screen in one ``version``; ``updatedScreenTree()`` captures it (see ``ScreenTree``) and
/// ``perform(_:fields:)`` runs the actions of that capture.
///
/// ```swift
/// let window = HTMLWindow()
/// window.rootViewController = HTMLNavigationController(rootViewController: listScreen)
/// let tree = window.updatedScreenTree()
/// let html = try renderer.render(tree, links: links)
/// let result = try await window.perform(tree.actions[0].token)  // the first movie's action
/// ```
///
/// The window is ``presentation`` (always visible, never dismissed), so an app's root flow can own it
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
    /// The clock this window's flows wait on (give it to the models that wait): actions run on it,
    /// so a replayed click path takes none of their time (see `FlowClock`).
    public let clock = FlowClock()
    private(set) var modals: [Modal] = []
    private var lastScreenNumber = 0
    private let actionTable = ActionTable()
    /// The version of the last capture: its tokens are on screen while it is ``version``. The
    /// capture itself is not kept: its values (a list screen's every row) are the page's, and
    /// whoever renders the page keeps that.
    private var capturedVersion = 0
    /// Moves on every change of what is on screen (navigation, a view model's new values, an
    /// action run). A capture is stamped with the version it shows, so a page is current exactly
    /// while its version is the window's.
    public private(set) var version = 1
    /// Called with the new ``version`` on every change of what is on screen. The tokens of the
    /// last capture are stale from then on (the page they were rendered into is out of date). The
    /// web host uses it to move open pages when a flow navigates on its own.
    public var onChange: (@MainActor (_ version: Int) -> Void)?
    /// Makes, once per capture from the window's version, what issues the token of each new action
    /// the capture puts on screen from the action's position in it, instead of a random one: the web
    /// host signs them, so that another process holding the same session understands them (what is
    /// the same for a whole page, its key, is worked out once a capture, not once an action). Nil:
    /// random tokens.
    package var tokenIssuer: (@MainActor (_ version: Int) -> (_ position: Int) -> OpaqueToken)?

    // MARK: Initialization

    /// An empty window.
    public init() {}

    /// An empty window whose versions continue after `version`, so that a page rendered from a
    /// window it replaces (of an earlier version) is never taken for current.
    public init(versionsAfter version: Int) {
        self.version = version + 1
    }

    // MARK: Capturing and acting

    /// What is on screen now, captured: the view models give their values again on every call,
    /// and the actions keep their tokens while the version does not move. Once anything changed,
    /// a capture issues new tokens and the previous ones become stale.
    public func updatedScreenTree() -> ScreenTree {
        let capture = ScreenCapture(table: actionTable, issue: tokenIssuer?(version))
        let tree = capture.tree(
            of: layerRoots, windowRoot: rootViewController, version: version, sameVersion: capturedVersion == version)
        capturedVersion = version
        return tree
    }

    /// The identifier of the screen on top (under an alert, of the screen it covers), as a capture
    /// would say, without capturing.
    package var visibleScreenID: ScreenID? { visibleScreen?.id }

    /// The screen on top (under an alert, the screen it covers), as a capture would say, without
    /// capturing: kept by `updateVisibility()`, which walks the visible paths on every change of
    /// the tree anyway, because an action asks for it three times (a walk of the layers and their
    /// containers each time).
    package private(set) var visibleScreen: HTMLViewController?

    /// The table of the last capture's actions, if it shows what is on screen now.
    var currentActions: ActionTable? {
        capturedVersion == version ? actionTable : nil
    }

    /// Runs the action behind `token` with the submitted `fields` it takes: those its form declares
    /// (see ``ScreenActions/form(fields:samples:_:)``), each marked secret as declared; any other
    /// field is dropped, and a button takes none. Declared values past ``FormField/maxValueBytes``
    /// (or ``FormField/maxSubmissionBytes`` together) are refused before the action runs: the
    /// result is ``ActionResult/invalid(_:)`` and the screen shows why, with what was typed.
    ///
    /// - Throws: ``ActionError/unknown`` for a token this window never issued,
    ///   ``ActionError/stale`` for one no longer on screen, ``ActionError/alreadyTaken`` for the
    ///   last action taken posted again with the same values. Either way nothing changes.
    public func perform(_ token: String, fields: FormFields = FormFields()) async throws(ActionError) -> ActionResult {
        try await perform(token, fields: fields, willRun: { _, _ in }, refused: { _ in })
    }

    /// ``perform(_:fields:)``, telling the caller what happens before it happens: `willRun` gets the
    /// fields the action takes and the action's position (as ``position(ofAction:)`` said before
    /// the action was taken) just before it runs (a click path records them there, so that what
    /// the action sets off comes after it); `refused` gets the field errors of values too long to
    /// take, when the action does not run.
    package func perform(
        _ token: String, fields: FormFields, willRun: (_ fields: FormFields, _ position: ActionPosition?) -> Void,
        refused: ([String: String]) -> Void
    ) async throws(ActionError) -> ActionResult {
        let action = try actionTable.take(token, fields: fields)
        // A step goes out from the stepper of the screen the action belongs to, which is on screen:
        // the token would be stale otherwise. Its position is read now, before anything moves, in
        // the same walk: the table found the action already, so the token is not looked up again.
        let located = located(action.owner)
        let owner = located?.viewController
        let position = located.map { ActionPosition(screen: $0.position, index: action.index) }
        contentDidChange()
        let taken = fields.declared(by: action.fields)
        if let errors = taken.boundErrors {
            owner?.formDidSubmit(taken, outcome: .invalid(errors))
            refused(errors)
            contentDidChange()
            return .invalid(errors)
        }
        willRun(taken, position)
        let result = await clock.duringAction { () async -> ActionResult in
            switch action.behavior {
            case .perform(let perform, _):
                return await perform(taken)
            case .step(let step):
                owner?.stepper?.steps.send(step)
                return .accepted
            }
        }
        contentDidChange()
        return result
    }

    /// Brings the view controller with identifier `id` back on screen, as the iOS back button
    /// would: dismisses the modals above its layer, pops the stacks above it and selects its tabs.
    /// Returns false, changing nothing, when the window no longer holds it.
    @discardableResult
    public func reveal(_ id: ScreenID) -> Bool {
        guard let layer = layerRoots.firstIndex(where: { $0.contains(id) }) else { return false }
        let root = layerRoots[layer]
        dismissModals(from: layer)
        var viewController = root
        while viewController.id != id,
            let child = viewController.children.first(where: { $0.contains(id) })
        {
            viewController.container?.reveal(child)
            viewController = child
        }
        return true
    }

    /// Marks what is on screen as to be drawn again although nothing in the tree changed (its
    /// templates did): a new ``version``, so the next capture renders anew and open pages move to
    /// it. The last capture's tokens are stale, as after any change.
    public func setNeedsDisplay() {
        contentDidChange()
    }

    /// What is on screen changed without moving anything (a view model's values, an action run):
    /// a new version; the last capture's tokens are stale.
    func contentDidChange() {
        version += 1
        actionTable.retireAll()
        onChange?(version)
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
        updateVisibility()
        contentDidChange()
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

    /// The root of each layer: the window's root view controller, then each presented modal.
    var layerRoots: [HTMLViewController] {
        (rootViewController.map { [$0] } ?? []) + modals.map(\.viewController)
    }

    /// Numbers new view controllers and marks visible exactly those on the visible path of the top
    /// layer (and of the layer under it, when the top is an alert). Every view controller is
    /// marked hidden first, then the visible paths shown: nothing reads a presentation in between,
    /// and no set of the visible ones is made on every change of the tree.
    private func updateVisibility() {
        let roots = layerRoots
        for root in roots {
            Self.forEach(in: root) { viewController in
                numberIfNew(viewController)
                viewController.presentation.isVisible = false
            }
        }
        guard let top = roots.last else {
            visibleScreen = nil
            return
        }
        let topScreen = Self.showVisiblePath(of: top)
        if top is HTMLAlertController, roots.count > 1 {
            Self.showVisiblePath(of: roots[roots.count - 2])
        }
        // Under alerts, the screen they cover.
        let card = top is HTMLAlertController ? roots.last { !($0 is HTMLAlertController) } : top
        visibleScreen = card === top ? topScreen : card?.visibleScreen
    }

    /// Marks visible `root` and, through each container's visible child, the screen on screen,
    /// and returns that screen.
    @discardableResult
    private static func showVisiblePath(of root: HTMLViewController) -> HTMLViewController {
        var viewController = root
        while true {
            viewController.presentation.isVisible = true
            guard let child = viewController.container?.visibleChild else { return viewController }
            viewController = child
        }
    }

    /// Numbers a screen that joins this window, in the order screens join it: the same click path
    /// numbers the same screens the same in a rebuilt window.
    private func numberIfNew(_ viewController: HTMLViewController) {
        guard viewController.id == .outsideWindow else { return }
        lastScreenNumber += 1
        viewController.id = ScreenID(rawValue: lastScreenNumber)
    }

    private static func forEach(in root: HTMLViewController, _ body: (HTMLViewController) -> Void) {
        body(root)
        for child in root.children {
            forEach(in: child, body)
        }
    }
}

/// A presented view controller and the one it was presented from.
struct Modal {
    let viewController: HTMLViewController
    weak var presenter: HTMLViewController?
}
