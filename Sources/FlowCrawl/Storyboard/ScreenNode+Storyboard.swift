import HTMLPresenter

extension ScreenNode {
    /// How a layer's containers changed, read by a storyboard.
    enum Change: Equatable {
        /// A container both hold showed another child, which reads as `transition` (its place's order).
        case moved(Transition)
        /// A container was swapped for another: its content was replaced.
        case swapped
    }

    /// How this layer (its root) changed into `new`, walking down the visible path: the first
    /// container both hold whose visible child changed says how (a stack: push or back; tabs: tab);
    /// a container swapped for another kind, a stack with another bottom screen or tabs with other
    /// tabs, was replaced (a sign-up that makes tabs the window's root is no Back, however deep its
    /// form was pushed). Nil when each container shows what it showed (the screen may show other
    /// content).
    ///
    /// Containers are compared by kind and what they hold, never by identifier: the two trees of an
    /// edge may come from windows that reached them by different paths.
    func change(to new: ScreenNode) -> Change? {
        var old = self
        var new = new
        while true {
            guard old.isSameKind(as: new) else { return .swapped }
            guard let order = old.place?.order else { return nil }
            guard let shown = old.visibleIndex, let shows = new.visibleIndex else {
                return old.visibleIndex == new.visibleIndex ? nil : .swapped
            }
            // A stack is the same while its bottom screen is (what is over it may be set anew, as
            // `setViewControllers` does); alternatives while every one is.
            let kept =
                switch order {
                case .stack: 1
                case .alternatives: max(old.children.count, new.children.count)
                }
            guard old.children.count >= kept, new.children.count >= kept,
                zip(old.children.prefix(kept), new.children.prefix(kept)).allSatisfy({ $0.isSameKind(as: $1) })
            else { return .swapped }
            if shown != shows {
                switch order {
                case .stack: return .moved(shows > shown ? .push : .back)
                case .alternatives(let transition): return .moved(transition)
                }
            }
            old = old.children[shown]
            new = new.children[shows]
        }
    }

    /// The same kind of container, or a screen of the same template.
    private func isSameKind(as other: ScreenNode) -> Bool {
        place?.kind == other.place?.kind && template == other.template
    }
}
