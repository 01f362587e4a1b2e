/// Where a container's bar is drawn around the screen it shows.
public enum BarPosition: Sendable, Hashable {
    /// Above the screen (a navigation bar). Of several, the outermost container's is on top.
    case top
    /// Below the screen (a tab bar). Of several, the innermost container's is on top.
    case bottom
}
