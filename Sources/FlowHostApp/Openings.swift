import HTMLPresenter

/// The person's actions that opened the screens of a window, by the screen each opened (what
/// Forward takes again), at most `limit` of them: the one filed first is forgotten first.
///
/// The order of filing is kept beside the actions, so that filing one into a full set drops the
/// oldest without looking at every action: a scan that copied each of them (their fields and
/// title) was 2.8 % of the server's CPU on an action round trip, with 64 filed.
struct Openings {
    /// How many are remembered: a session's memory stays bounded.
    let limit: Int
    private var byScreen: [ScreenID: Opening] = [:]
    /// The screens of `byScreen`, filed first first.
    private var order: [ScreenID] = []

    init(limit: Int) {
        precondition(limit > 0, "an opening must fit")
        self.limit = limit
    }

    /// The action that opened `screen`, if one is remembered.
    subscript(screen: ScreenID) -> Opening? { byScreen[screen] }

    /// Files `opening` under the screen it opened, in place of the one filed under it before,
    /// forgetting the oldest when `limit` are remembered.
    mutating func file(_ opening: Opening, opened screen: ScreenID) {
        if byScreen.updateValue(opening, forKey: screen) != nil {
            order.removeAll { $0 == screen }
        } else if order.count >= limit {
            byScreen[order.removeFirst()] = nil
        }
        order.append(screen)
    }

    /// Forgets the action that opened `screen`.
    mutating func forget(_ screen: ScreenID) {
        guard byScreen.removeValue(forKey: screen) != nil else { return }
        order.removeAll { $0 == screen }
    }

    /// Moves what was opened from `old` to `new`: the screen opened again has a new address.
    mutating func move(from old: ScreenID, to new: ScreenID) {
        for index in byScreen.values.indices where byScreen.values[index].from == old {
            byScreen.values[index].from = new
        }
    }
}
