import FlowCore
import HTMLPresenter

/// The prototype's navigation: a list, and an item's detail pushed over it.
public final class ItemFlow: Flow {
    /// The stack the screens are pushed on; the window's root.
    public let navigationController = HTMLNavigationController()
    /// What the window shows.
    public var root: any Presentable { navigationController }

    /// A flow with an empty stack: send ``ItemStep/itemList`` first.
    public init() {}

    /// Shows what `step` asks for.
    public func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? ItemStep else { return .none }
        switch step {
        case .itemList:
            let screen = HTMLViewController(template: "items/list", viewModel: ItemListViewModel(), title: "Items")
            navigationController.setViewControllers([screen], animated: false)
            // The screen carries its stepper (the view model): its steps count while it is on screen.
            return .one(flowContributor: .contribute(withNext: screen))
        case .itemDetail(let id):
            guard let item = Item.all.first(where: { $0.id == id }) else { return .none }
            let screen = HTMLViewController(
                template: "items/detail", viewModel: ItemDetailViewModel(item: item), title: item.title)
            navigationController.pushViewController(screen, animated: true)
            return .none  // the back button is the navigation controller's
        }
    }
}
