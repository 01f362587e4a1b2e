/// Where a view controller is in a window, in terms that hold in a new process: its layer (0 for
/// the window's root, 1 for the first modal, ...), the index of each contained view controller on
/// the way down from the layer's root (a tab, a place in a stack), and its template, which must
/// match for the position to count as the same screen.
///
/// ```swift
/// // Movies tab > stack: list, detail — the detail screen:
/// let detail = ScreenPosition(layer: 0, path: [0, 1], template: "movies/detail")
/// ```
public struct ScreenPosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 0 for the window's root, n for the n-th presented modal (an alert included).
    public let layer: Int
    /// The index of each contained view controller from the layer's root down.
    public let path: [Int]
    /// The template of the view controller there; nil for a container.
    public let template: String?

    /// A position.
    public init(layer: Int, path: [Int], template: String?) {
        self.layer = layer
        self.path = path
        self.template = template
    }

    /// `layer 0 / 0.1 (movies/detail)`.
    public var description: String {
        "layer \(layer) / \(path.isEmpty ? "root" : path.map(String.init).joined(separator: ".")) (\(template ?? "container"))"
    }
}
