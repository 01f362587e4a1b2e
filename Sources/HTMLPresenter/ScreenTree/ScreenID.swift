/// Identifies a view controller for as long as the process runs: the web host gives each screen
/// its own URL with it.
public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique in this process.
    public let rawValue: Int

    /// An identifier with a known number (for instance parsed from a URL).
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The number as text.
    public var description: String { String(rawValue) }

    @MainActor private static var last = 0

    @MainActor static func next() -> ScreenID {
        last += 1
        return ScreenID(rawValue: last)
    }
}
