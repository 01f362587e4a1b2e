import HTMLPresenter

extension ScreenTree {
    /// Where the visible screen is, outermost first (`tab Movies`, `navigation`; a modal's
    /// presentation, then its containers), and how many screens the stacks on its path hold over
    /// their roots. The layers under a modal are not its place: a sheet is the same screen
    /// whichever tab presented it.
    var storyboardPlace: (place: [String], depth: Int) {
        guard let layer = layers.last else { return ([], 0) }
        var place: [String] = []
        switch layer.style {
        case .window: break
        case .pageSheet: place.append("sheet")
        case .fullScreen: place.append("full screen")
        }
        var depth = 0
        var node = layer.root
        while true {
            switch node {
            case .screen, .alert:
                return (place, depth)
            case .navigation(_, let stack):
                place.append("navigation")
                guard let top = stack.last else { return (place, depth) }
                depth += stack.count - 1
                node = top
            case .tabBar(_, let tabs, let selectedIndex):
                let title = layer.tabBar?.items.first(where: \.isSelected)?.title ?? "\(selectedIndex + 1)"
                place.append("tab " + title)
                guard tabs.indices.contains(selectedIndex) else { return (place, depth) }
                node = tabs[selectedIndex]
            }
        }
    }

    /// The selected tab of the window's root, if it has tabs.
    var rootTab: String? {
        layers.first?.tabBar?.items.first(where: \.isSelected)?.title
    }
}
