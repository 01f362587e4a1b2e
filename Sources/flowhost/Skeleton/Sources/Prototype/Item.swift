/// What the prototype lists: replace it with your app's data.
public struct Item: Sendable, Equatable {
    /// Identifies the item in steps and deep links (`/link/items/2`).
    public let id: Int
    /// The list's cell and the detail's title.
    public let title: String
    /// The detail's text.
    public let summary: String

    /// The items the list shows.
    public static let all = [
        Item(id: 1, title: "Welcome", summary: "Each screen is a template in Templates/ and a view model."),
        Item(id: 2, title: "Steps", summary: "A button sends a step; the flow decides where it leads."),
        Item(id: 3, title: "Deep links", summary: "/link/items/3 opens this screen from anywhere."),
    ]
}
