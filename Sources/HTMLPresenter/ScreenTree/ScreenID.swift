/// Identifies a view controller in its window: the web host gives each screen its own URL with it.
///
/// Screens are numbered from 1 in the order they join their window, so a window rebuilt from the
/// same click path (after a restart) numbers its screens the same, and an old page's URL still
/// names its screen.
public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique in its window.
    public let rawValue: Int

    /// An identifier with a known number (for instance parsed from a URL).
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The number as text.
    public var description: String { String(rawValue) }

    /// The identifier of a view controller that has not yet been in a window.
    static let outsideWindow = ScreenID(rawValue: 0)
}
