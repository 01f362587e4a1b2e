import FlowCore

/// A presentable for flow tests: no UI, visibility and dismissal set by the test.
///
/// ```swift
/// let screen = TestPresentable("detail")
/// screen.presentation.isVisible = false  // something was pushed on top
/// screen.presentation.markDismissed()  // popped
/// ```
public final class TestPresentable: Presentable {
    /// A name for messages and logs.
    public let name: String
    /// Where the test reports visibility and dismissal.
    public let presentation: Presentation

    /// Creates a presentable, visible unless told otherwise.
    public init(_ name: String = "screen", isVisible: Bool = true) {
        self.name = name
        presentation = Presentation(isVisible: isVisible)
    }
}
