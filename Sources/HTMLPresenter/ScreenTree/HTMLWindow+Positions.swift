/// Positions: how a click path names screens and actions of this window without their identifiers.
extension HTMLWindow {
    /// Where the view controller `id` is in this window, or nil if the window does not hold it.
    public func position(of id: ScreenID) -> ScreenPosition? {
        located(id)?.position
    }

    /// The view controller `id` of this window and where it is, or nil when the window holds
    /// none: an action asks for both, found in one walk.
    func located(_ id: ScreenID) -> (position: ScreenPosition, viewController: HTMLViewController)? {
        var path: [Int] = []
        for (layer, root) in layerRoots.enumerated() {
            if let viewController = Self.find(id, in: root, path: &path) {
                return (ScreenPosition(layer: layer, path: path, template: viewController.templateName), viewController)
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
        guard let token = OpaqueToken(compactText: token), let action = currentActions?.position(of: token),
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
        return actions.token(ofAction: position.index, of: id)?.compactText
    }

    /// The token of the action registered `position`-th by the capture of what is on screen now
    /// (capturing if needed), or nil when there are not that many: how another process's token,
    /// which names its action by that position, is found on this window's page.
    package func token(atCapturePosition position: Int) -> String? {
        if currentActions == nil { _ = updatedScreenTree() }
        return currentActions?.token(atCapturePosition: position)?.compactText
    }

    /// The view controller `id` in `root`'s tree, with `path` extended by the indexes that lead
    /// to it (left as it was when it is not there).
    private static func find(_ id: ScreenID, in root: HTMLViewController, path: inout [Int]) -> HTMLViewController? {
        if root.id == id { return root }
        for (index, child) in root.children.enumerated() {
            path.append(index)
            if let found = find(id, in: child, path: &path) { return found }
            path.removeLast()
        }
        return nil
    }
}
