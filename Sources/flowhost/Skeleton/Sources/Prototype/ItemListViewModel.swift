import FlowCore
import HTMLPresenter

/// The list screen's values; a button per item emits ``ItemStep/itemDetail(id:)``.
final class ItemListViewModel: HTMLViewModel, Stepper {
    let steps = Steps()

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "items": .list(
                Item.all.map { ["title": .string($0.title), "open": actions.step(ItemStep.itemDetail(id: $0.id))] }
            )
        ]
    }
}
