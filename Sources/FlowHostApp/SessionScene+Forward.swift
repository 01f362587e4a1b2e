import HTMLPresenter

/// The browser's Forward: a screen that Back popped or dismissed is opened again by taking again
/// the person's action that opened it, recorded in the click path like any action (so a replay
/// gives the same window).
extension SessionScene {
    /// What asking for a screen by its address did (see ``revisit(_:)``).
    public enum Revisit: Sendable, Equatable {
        /// The window holds the screen: it is on top now (as Back brings it), or was already.
        case shown
        /// Back had closed it; the action that opened it was taken again.
        case redone
        /// Back had closed it (its title given), and it cannot be opened again from here: another
        /// screen is on top than the one it was opened from. Nothing changed.
        case gone(title: String)
        /// The window never showed such a screen, or forgot it: nothing changed.
        case unknown
    }

    /// How many closed screens are remembered for Forward: a session's memory stays bounded.
    static var maxOpenings: Int { 64 }

    /// Brings the screen `id` back, as the browser's Back or Forward asks: revealed when the
    /// window holds it; when Back closed it and the screen it was opened from is on top, the
    /// recorded action that opened it is taken again (same position, same values, secret ones
    /// included, as a replay takes them), so that Forward walks the stack again in order.
    public func revisit(_ id: ScreenID) async -> Revisit {
        noteOpening()
        if window.position(of: id) != nil {
            reveal(id)
            return .shown
        }
        guard let opening = openings[id] else { return .unknown }
        guard opening.from == window.visibleScreenID, let token = window.token(at: opening.position) else {
            return .gone(title: opening.title)
        }
        do {
            _ = try await perform(token, fields: opening.fields)
        } catch {
            return .gone(title: opening.title)
        }
        pendingOpening?.redoes = id
        openings.forget(id)
        return .redone
    }

    /// Files the action taken last under the screen it opened, now that it settled: the screen
    /// on top when it differs from the one the action was taken on (an alert, or an action that
    /// stays, opened nothing Forward could ask for).
    func noteOpening() {
        guard let pending = pendingOpening else { return }
        pendingOpening = nil
        guard let top = window.visibleScreen, top.id != pending.from else { return }
        if let old = pending.redoes {
            // The screen opened again has a new address: what was opened from its old one is
            // opened from it now (Back, Back, Forward, Forward).
            openings.move(from: old, to: top.id)
        }
        openings.file(
            Opening(position: pending.position, fields: pending.fields, from: pending.from, title: top.title),
            opened: top.id)
    }
}
