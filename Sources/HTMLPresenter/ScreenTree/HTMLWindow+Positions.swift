/// Positions: how a click path names screens and actions of this window without their identifiers.
extension HTMLWindow {
    /// Where the view controller `id` is in this window, or nil if the window does not hold it.
    public func position(of id: ScreenID) -> ScreenPosition? {
        for (layer, root) in layerRoots.enumerated() {
            if let (path, viewController) = Self.find(id, in: root) {
                return ScreenPosition(layer: layer, path: path, template: viewController.templateName)
            }
        }
        return nil
    }

    /// The view controller at `position`, if one with the same template is there.
    public func screenID(at position: ScreenPosition) -> ScreenID? {
        let roots = layerRoots
        guard roots.indices.contains(position.layer) else { return nil }
        var viewController = roots[position.layer]
        for index in position.path {
            let children = viewController.children
            guard children.indices.contains(index) else { return nil }
            viewController = children[index]
        }
        return viewController.templateName == position.template ? viewController.id : nil
    }

    /// Where the action `token` of the current capture is, or nil for a token not on screen (a
    /// capture of an earlier version holds only stale tokens).
    public func position(ofAction token: String) -> ActionPosition? {
        guard let token = OpaqueToken(token), let action = currentActions?.position(of: token),
            let screen = position(of: action.screen)
        else { return nil }
        return ActionPosition(screen: screen, index: action.index)
    }

    /// The token of the action at `position` on screen now (capturing if needed), or nil when no
    /// such action is on screen.
    public func token(at position: ActionPosition) -> String? {
        guard let id = screenID(at: position.screen) else { return nil }
        guard let actions = currentActions else {
            return updatedScreenTree().actions.first { $0.screen == id && $0.index == position.index }?.token
        }
        return actions.token(ofAction: position.index, of: id)?.text
    }

    /// The token of the action registered `position`-th by the capture of what is on screen now
    /// (capturing if needed), or nil when there are not that many: how another process's token,
    /// which names its action by that position, is found on this window's page.
    package func token(atCapturePosition position: Int) -> String? {
        if currentActions == nil { _ = updatedScreenTree() }
        return currentActions?.token(atCapturePosition: position)?.text
    }

    /// The view controller `id` of this window, or nil when it holds none: asked on every action,
    /// so found without making its position's path.
    func viewController(withID id: ScreenID) -> HTMLViewController? {
        if let root = rootViewController, let found = Self.viewController(id, in: root) { return found }
        return modals.lazy.compactMap { Self.viewController(id, in: $0.viewController) }.first
    }

    private static func viewController(_ id: ScreenID, in root: HTMLViewController) -> HTMLViewController? {
        if root.id == id { return root }
        for child in root.children {
            if let found = viewController(id, in: child) { return found }
        }
        return nil
    }

    private static func find(_ id: ScreenID, in root: HTMLViewController) -> ([Int], HTMLViewController)? {
        if root.id == id { return ([], root) }
        for (index, child) in root.children.enumerated() {
            if let (path, found) = find(id, in: child) { return ([index] + path, found) }
        }
        return nil
    }
}
