import FlowCore
import HTMLPresenter

/// Every movie of the catalog; restricted ones are marked.
final class MovieListModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let rows: MovieListRows

    init(rows: MovieListRows) {
        self.rows = rows
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        // One key for every row: a key hashes its name when it is made.
        let open: TemplateKey = "open"
        return [
            "movies": .list(
                rows.rows.map { row in
                    var values = row.values
                    values[open] = actions.step(MovieStep.detail(id: row.id))
                    return .object(values)
                })
        ]
    }
}
