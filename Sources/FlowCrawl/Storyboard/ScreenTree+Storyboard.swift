import HTMLPresenter

extension ScreenTree {
    /// Where the visible screen is, outermost first: a modal's presentation (`sheet`), then the
    /// place of each container on its way down (`tab Movies`, `navigation`), as each says. The
    /// layers under a modal are not its place: a sheet is the same screen whichever tab presented it.
    var storyboardPlace: [String] {
        guard let layer = layers.last else { return [] }
        var place = layer.style.place.map { [$0] } ?? []
        var node = layer.root
        while let container = node.place {
            place.append(container.description)
            guard let child = node.visibleChild else { break }
            node = child
        }
        return place
    }

    /// The storyboard screen this tree shows, as the storyboard names it: the visible screen's
    /// template at its place (`movies/detail in tab Movies › navigation`), or the alert over it
    /// (`alert "Sign out?"`). Comments are pinned to it; a study task's goal screens are matched to it.
    public var storyboardScreen: String {
        if let alert { return "alert \"\(alert.title)\"" }
        let place = storyboardPlace
        let template = visibleScreen?.template ?? ""
        return place.isEmpty ? template : template + " in " + place.joined(separator: " › ")
    }

    /// The flow the window's root shows: the innermost container on its visible path that names
    /// one (the selected tab); nil where none does.
    var storyboardFlow: String? {
        var flow: String?
        var node = layers.first?.root
        while let current = node, let place = current.place {
            flow = place.flow ?? flow
            node = current.visibleChild
        }
        return flow
    }
}
