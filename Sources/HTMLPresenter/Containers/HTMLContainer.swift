/// A view controller that holds others and shows one of them (a stack's top, the selected tab), and
/// says, as a type, all that the rest of FlowHost asks of it: which view controllers it holds and
/// which is on screen, the bar it draws around that one, its place in a storyboard, and its own
/// actions, each with the segue it makes. The window, the screen capture, the page renderer, the
/// crawl and the storyboard ask these and nothing else, so a container of your own is one file and
/// the template of its bar.
///
/// A container keeps its children itself: it ``adopt(_:)``s each one it takes in, calls
/// ``dismissRemoved(_:)`` with those it drops and ``containerDidChange()`` after every change of its
/// children or of the one shown.
///
/// - Note: Tokens are issued per capture: an action registered by ``bar(actions:)`` is only ever
///   taken while the container is as it was when the bar was described (any change retires it).
@MainActor
public protocol HTMLContainer: HTMLViewController {
    /// Its own actions (a navigation controller's back button, a tab bar's tabs): the only ones its
    /// bar can register.
    associatedtype Action: ContainerAction
    /// The bar it draws around its visible child.
    associatedtype Bar: ContainerBar

    /// Every view controller it holds, visible or not, in order (the whole stack, every tab): what
    /// a click path's positions index.
    var containedViewControllers: [HTMLViewController] { get }
    /// The one of them on screen; nil when it holds none.
    var visibleChild: HTMLViewController? { get }
    /// Where it puts its screens in a storyboard: asked at each capture.
    var place: ContainerPlace { get }
    /// Makes `child`, one of ``containedViewControllers``, the one shown (a navigation controller
    /// pops to it, a tab bar controller selects it): how Back brings a screen back.
    func reveal(_ child: HTMLViewController)
    /// Forgets `child`, which another container adopted (not a dismissal).
    func release(_ child: HTMLViewController)
    /// The bar drawn around its visible child, with actions from `actions`; nil for none. Asked at
    /// each capture of its layer, unless a container nearer the screen draws the same type of bar
    /// (the inner one of two navigation controllers draws the navigation bar).
    func bar(actions: ContainerActions<Self>) -> Bar?
}

extension HTMLContainer {
    /// Takes `child` in, from the container it was in (which releases it) if any.
    public func adopt(_ child: HTMLViewController) {
        if let previous = child.parent, previous !== self {
            (previous as? any HTMLContainer)?.release(child)
        }
        child.parent = self
    }

    /// Children this container just dropped leave the window, with what they presented, and are
    /// reported dismissed.
    public func dismissRemoved(_ removed: [HTMLViewController]) {
        for viewController in removed {
            viewController.parent = nil
            window?.dismissModals(presentedFrom: viewController)
            viewController.markDismissedRecursively()
        }
    }

    /// Its children or the one shown changed: the window updates visibility and what the page shows.
    public func containerDidChange() {
        window?.treeDidChange()
    }
}
