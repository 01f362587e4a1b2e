import FlowCore

enum MovieStep: Step, Equatable {
    case list
    case detail(id: Int)
    case person(id: Int)
    /// What `adapt` makes of `.detail` for a restricted title while they are hidden.
    case restricted(id: Int)
    case rate(id: Int)
    case ratingDone
    case addToWatched(id: Int)
    case addedToWatched(id: Int)
}
