import HTMLPresenter
import SnapshotTesting

extension Snapshotting where Value == String, Format == String {
    /// HTML compared line by line after `HTMLNormalizer` (stable indentation, one element per
    /// line, action tokens renamed by order), stored as `.html`.
    ///
    /// ```swift
    /// assertSnapshot(of: try renderer.validatedPage(window.updatedScreenTree()), as: .html)
    /// ```
    public static var html: Snapshotting<String, String> {
        var strategy = Snapshotting.lines.pullback(HTMLNormalizer.normalize)
        strategy.pathExtension = "html"
        return strategy
    }
}
