import HTMLPresenter

/// The detail screen's values.
final class ItemDetailViewModel: HTMLViewModel {
    let item: Item

    init(item: Item) { self.item = item }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        ["title": .string(item.title), "summary": .string(item.summary)]
    }
}
