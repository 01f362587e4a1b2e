/// One layer of the page: the window's root, or a presented modal, with its bars and visible screen.
public struct ScreenLayer: Sendable, Equatable {
    /// What kind of layer.
    public enum Style: Sendable, Equatable {
        /// The window's root view controller.
        case window
        /// A modal card with what is under it showing.
        case pageSheet
        /// A modal covering everything.
        case fullScreen

        /// How a storyboard names the place of what it shows: `sheet`, `full screen`; nil for the
        /// window's root, which is no place of its own.
        public var place: String? {
            switch self {
            case .window: nil
            case .pageSheet: "sheet"
            case .fullScreen: "full screen"
            }
        }
    }

    /// What kind of layer.
    public let style: Style
    /// Everything the layer holds.
    public let root: ScreenNode
    /// Whether the user can act on it (the top layer, without an alert over it).
    public let isInteractive: Bool
    /// The bars drawn around the visible screen, the nearest container's first: of the containers
    /// on the visible path that draw the same type of bar, the one nearest the screen draws it.
    public let bars: [any ContainerBar]
    /// The visible screen.
    public let screen: ScreenSnapshot

    /// The bar of type `type`, if one is drawn: `layer.bar(NavigationBar.self)?.backButton?.title`.
    public func bar<Bar: ContainerBar>(_ type: Bar.Type) -> Bar? {
        bars.lazy.compactMap { $0 as? Bar }.first
    }

    /// The same layer with `screen` as its visible screen.
    func showing(_ screen: ScreenSnapshot) -> ScreenLayer {
        ScreenLayer(style: style, root: root, isInteractive: isInteractive, bars: bars, screen: screen)
    }

    /// Same style, tree, interactivity, bars and screen.
    public static func == (lhs: ScreenLayer, rhs: ScreenLayer) -> Bool {
        lhs.style == rhs.style && lhs.root == rhs.root && lhs.isInteractive == rhs.isInteractive
            && lhs.screen == rhs.screen
            && lhs.bars.count == rhs.bars.count
            && zip(lhs.bars, rhs.bars).allSatisfy { $0.isEqual(to: $1) }
    }
}
