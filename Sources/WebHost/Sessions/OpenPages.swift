/// A session's open pages as a plain value, part of its ``SessionStateMachine``: the page it last
/// published (served as is while what is on screen has not changed) and the event streams that
/// wait for the next one. Its events return the waits to answer; ``Session`` answers them outside
/// its lock.
struct OpenPages: Sendable {
    /// What waiting for a live move gave.
    enum Wait: Sendable, Equatable {
        /// The page should go to this URL.
        case move(String)
        /// Nothing happened in the interval: send a keep-alive and wait again.
        case idle
        /// The stream was cancelled (the client left, the server shuts down).
        case cancelled
        /// The session opened more streams than it may keep and this one is the oldest: it ends.
        case replaced
        /// What the inspector shows changed (a step logged) without a move coming: the page's
        /// inspector should ask again. The number counts such changes.
        case inspect(Int)
    }

    /// A wait to answer.
    typealias Waiter = CheckedContinuation<Wait, Never>

    private struct Watcher {
        let after: Int
        let inspected: Int
        let continuation: Waiter
    }

    /// The page last published.
    private(set) var page: PublishedPage?
    /// The window's version as last heard of: the published page is current while its version is
    /// this one.
    private(set) var latestVersion = 0
    /// How many times what the inspector shows changed.
    private(set) var inspectorChanges = 0
    /// The event streams this session follows, oldest first; an open stream not listed here was
    /// replaced by a newer one.
    private var streams: [Int] = []
    /// The wait of each stream waiting for a move.
    private var watchers: [Int: Watcher] = [:]
    private var nextStream = 0
    /// A refresh of the published page is on its way (it captures the latest version).
    private var isRefreshScheduled = false

    /// The published page, if it still shows what is on screen.
    var freshPage: PublishedPage? {
        page.flatMap { $0.version == latestVersion ? $0 : nil }
    }

    /// Whether a page listens for live moves now.
    var hasOpenStreams: Bool { !streams.isEmpty }

    /// The window's version moved to `version`: whether to schedule a refresh (pages wait for a
    /// move, none is scheduled, the session is not `isOver`).
    mutating func windowDidChange(to version: Int, isOver: Bool) -> Bool {
        latestVersion = max(latestVersion, version)
        guard !watchers.isEmpty, !isRefreshScheduled, !isOver else { return false }
        isRefreshScheduled = true
        return true
    }

    /// A scheduled refresh starts.
    mutating func refreshDidStart() {
        isRefreshScheduled = false
    }

    /// Makes `page` the published page, unless a newer one is published; returns the waits of the
    /// pages that show an older version, to move to it.
    mutating func publish(_ page: PublishedPage) -> [Waiter] {
        guard self.page.map({ $0.version <= page.version }) ?? true else { return [] }
        self.page = page
        latestVersion = max(latestVersion, page.version)
        return removeWatchers { $0.after < page.version }
    }

    /// What the inspector shows changed: returns the waits of the pages that expect no move, to
    /// tell, and the new count.
    mutating func inspectorDidChange() -> (waiters: [Waiter], count: Int) {
        inspectorChanges += 1
        let waiters = removeWatchers { [latestVersion, inspectorChanges] in
            $0.after >= latestVersion && $0.inspected < inspectorChanges
        }
        return (waiters, inspectorChanges)
    }

    /// Registers a new event stream: its key, and the waits of the oldest streams beyond `limit`,
    /// to end.
    mutating func openStream(limit: Int) -> (key: Int, replaced: [Waiter]) {
        nextStream += 1
        streams.append(nextStream)
        var replaced: [Waiter] = []
        while streams.count > limit {
            let oldest = streams.removeFirst()
            if let watcher = watchers.removeValue(forKey: oldest) { replaced.append(watcher.continuation) }
        }
        return (nextStream, replaced)
    }

    /// The event stream `key` ended.
    mutating func closeStream(_ key: Int) {
        streams.removeAll { $0 == key }
    }

    /// What a wait of the stream `key` for a page newer than `after` (or an inspector change past
    /// `inspected`) gives at once; nil when it now waits as `continuation`, with whether a refresh
    /// must be scheduled (the published page is out of date and none is coming). A session that
    /// `isOver` sends its pages to `/`.
    mutating func wait(
        stream key: Int, after: Int, inspected: Int, isOver: Bool, isCancelled: Bool, continuation: Waiter
    ) -> (immediate: Wait?, needsRefresh: Bool) {
        if isOver { return (.move(FlowHostRoute.root.url), false) }
        if isCancelled { return (.cancelled, false) }
        if !streams.contains(key) { return (.replaced, false) }
        if let page, page.version > after { return (.move(page.url), false) }
        if inspectorChanges > inspected, latestVersion <= after { return (.inspect(inspectorChanges), false) }
        watchers[key] = Watcher(after: after, inspected: inspected, continuation: continuation)
        let needsRefresh = page?.version != latestVersion && !isRefreshScheduled
        if needsRefresh { isRefreshScheduled = true }
        return (nil, needsRefresh)
    }

    /// Stops the wait of the stream `key`, if it waits: its continuation, to answer.
    mutating func stopWaiting(_ key: Int) -> Waiter? {
        watchers.removeValue(forKey: key)?.continuation
    }

    /// The session leaves: every wait, to move to `/`.
    mutating func leave() -> [Waiter] {
        defer { watchers = [:] }
        return watchers.values.map(\.continuation)
    }

    private mutating func removeWatchers(where isDue: (Watcher) -> Bool) -> [Waiter] {
        let due = watchers.filter { isDue($0.value) }
        for key in due.keys { watchers[key] = nil }
        return due.values.map(\.continuation)
    }
}
