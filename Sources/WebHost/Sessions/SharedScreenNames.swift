import Synchronization

/// One copy of each storyboard screen's name (`ScreenTree.storyboardScreen`: `movies/list in tab
/// Movies › navigation`) for all the sessions that keep one: a session's published page names its
/// screen (a comment redraws the pages of its screen), a tester's run the screen on show. Each
/// kept a copy of its own, about 80 bytes a session. Names are few (a screen at a place), but an
/// alert's is its title, which may show what a view model holds: at most ``capacity`` names are
/// kept, and past it a name is its own copy, as before.
final class SharedScreenNames: Sendable {
    /// At most this many names are kept.
    static let capacity = 4096

    private let names = Mutex<Set<String>>([])

    /// No name kept yet.
    init() {}

    /// `name`, or the equal copy kept for other sessions.
    func shared(_ name: String) -> String {
        names.withLock { names in
            if names.count < Self.capacity { return names.insert(name).memberAfterInsert }
            return names.firstIndex(of: name).map { names[$0] } ?? name
        }
    }
}
