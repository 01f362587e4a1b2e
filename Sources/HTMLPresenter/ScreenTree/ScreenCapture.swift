import HTMLTemplates

/// Captures what a window shows as a ``ScreenTree``: for each layer its visible path, the bars its
/// containers draw and the visible screen's values; the alert over them; and a token and a
/// position for every action the user can take now.
///
/// The window decides what its layers are and when to capture; each container describes its own
/// bar and place (see ``HTMLContainer``), so a new container type is one file.
@MainActor
struct ScreenCapture {
    /// Where the capture registers the actions it puts on screen.
    let table: ActionTable
    /// Issues the tokens of new actions by their position in the capture (random when nil).
    var issue: ((_ position: Int) -> OpaqueToken)?

    /// The tree of `layers` (the window's root first, then each presented modal), stamped with
    /// `version`. The previous capture's tokens are retired, unless it was of the same version
    /// (`sameVersion`): its actions then keep their tokens.
    func tree(
        of layers: [HTMLViewController], windowRoot: HTMLViewController?, version: Int, sameVersion: Bool
    ) -> ScreenTree {
        table.beginCapture(sameVersion: sameVersion, issue: issue)
        defer { table.endCapture() }
        let alert = layers.last as? HTMLAlertController
        let cards = layers.filter { !($0 is HTMLAlertController) }
        let captured = cards.enumerated().map { index, root in
            let isTop = index == cards.count - 1
            let style: ScreenLayer.Style =
                index == 0 && root === windowRoot
                ? .window : (root.modalPresentationStyle == .fullScreen ? .fullScreen : .pageSheet)
            return layer(root, style: style, isInteractive: isTop && alert == nil, rendersContent: isTop)
        }
        return ScreenTree(
            version: version, layers: captured, alert: alert.map { $0.snapshot(table: table) },
            actions: table.onScreen)
    }

    private func layer(
        _ root: HTMLViewController, style: ScreenLayer.Style, isInteractive: Bool, rendersContent: Bool
    ) -> ScreenLayer {
        let table = isInteractive ? table : nil
        let path = root.visiblePath
        let screen = path[path.count - 1]
        // The container nearest the screen draws each type of bar: described from the screen
        // outwards (its bar buttons' actions come before the content's, as they always have).
        var bars: [any ContainerBar] = []
        for container in path.reversed().compactMap(\.container) {
            Self.describeBar(of: container, table: table, into: &bars)
        }
        return ScreenLayer(
            style: style,
            root: root.node,
            isInteractive: isInteractive,
            bars: bars,
            screen: ScreenSnapshot(
                id: screen.id, title: screen.title, template: screen.templateName,
                values: rendersContent ? values(of: screen, table: table) : nil))
    }

    /// Appends `container`'s bar to `bars` unless a container nearer the screen drew one of its type.
    private static func describeBar<Container: HTMLContainer>(
        of container: Container, table: ActionTable?, into bars: inout [any ContainerBar]
    ) {
        let type = ObjectIdentifier(Container.Bar.self)
        guard !bars.contains(where: { ObjectIdentifier(Swift.type(of: $0)) == type }) else { return }
        if let bar = container.bar(actions: ContainerActions(table: table, container: container)) {
            bars.append(bar)
        }
    }

    private func values(of screen: HTMLViewController, table: ActionTable?) -> TemplateValue? {
        guard screen.templateName != nil else { return nil }
        var values = screen.viewModel?.templateValues(actions: ScreenActions(table: table, screen: screen)) ?? [:]
        if let formState = screen.formState {
            values["form"] = formState.templateValue
        }
        return values
    }
}
