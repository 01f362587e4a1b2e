import FlowCore

/// Where the prototype can go: intents, not presentations.
public enum ItemStep: Step, Equatable {
    /// The list of every item.
    case itemList
    /// One item's detail.
    case itemDetail(id: Int)
}
