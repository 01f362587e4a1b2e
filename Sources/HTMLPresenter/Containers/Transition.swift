/// How a storyboard draws the move from one screen to another: what a container's own action
/// declares (a tab, the back button: see ``ContainerAction``), and what a crawl decides for every
/// other action from how the screen tree changed.
public enum Transition: String, Sendable, Hashable, CaseIterable {
    /// A screen pushed on a stack.
    case push
    /// Back along a stack: the back button or a pop.
    case back
    /// A modal presented over the screen.
    case present
    /// A modal or an alert dismissed.
    case dismiss
    /// Another tab selected.
    case tab
    /// A container's content replaced where nothing was pushed or presented (signing in replaces
    /// the login screen with the tabs).
    case replace
    /// The same screen shown again with other content (a form refused, an item added).
    case update
}
