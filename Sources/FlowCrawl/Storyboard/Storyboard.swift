/// The crawl as a storyboard: each kind of screen once, the segues between them, the entries.
///
/// A *screen* is a template at a place in the navigation (the tab it is in, presented or not and in
/// which container; an alert by its title), never its content nor its depth in a stack: the
/// sample's movie detail is one screen whichever movie it shows and however deep. A *segue* joins
/// two screens with its kind and the steps its actions sent; one per (from, to, kind). Built from
/// the crawl's states and screen trees in one pass, no I/O.
///
/// ```swift
/// let storyboard = try await Crawler(app: app).crawl().map.storyboard
/// print(storyboard.screens.map(\.title), storyboard.segues.count)
/// ```
public struct Storyboard: Sendable, Equatable, Codable {
    /// The screens, in the order the crawl first reached them (the start screen first).
    public var screens: [StoryboardScreen]
    /// The segues, entries first (no `from`), then in the order the crawl first took them.
    public var segues: [Segue]

    /// A storyboard of `screens` and `segues`.
    public init(screens: [StoryboardScreen], segues: [Segue]) {
        self.screens = screens
        self.segues = segues
    }

    /// The screen whose ``StoryboardScreen/id`` is `id`.
    public func screen(_ id: String) -> StoryboardScreen? {
        screens.first { $0.id == id }
    }
}
