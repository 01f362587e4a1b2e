import HTMLPresenter

extension ScreenTree {
    /// The id of the storyboard screen on top (`movies/detail in tab Movies › navigation`, or
    /// `alert "Log out?"` while an alert shows), as the storyboard names it: a study's goal is
    /// matched against it while a tester clicks.
    package var storyboardScreenID: String {
        alert.map(\.title).map { "alert \"\($0)\"" } ?? storyboardScreenIDUnderAlert
    }

    /// ``storyboardScreenID`` as it would be without the alert.
    var storyboardScreenIDUnderAlert: String {
        let place = storyboardPlace
        let template = visibleScreen?.template ?? ""
        return place.isEmpty ? template : template + " in " + place.joined(separator: " › ")
    }

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
