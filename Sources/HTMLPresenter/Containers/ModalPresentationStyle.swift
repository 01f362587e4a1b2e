/// How a presented view controller covers what is under it.
public enum ModalPresentationStyle: Sendable, Equatable {
    /// A card from just below the status bar; what is under it shows, scaled back (iOS's default).
    case pageSheet
    /// Covers the whole screen.
    case fullScreen
}
