import HTMLPresenter

extension Storyboard {
    /// The storyboard of a crawl: its `states` folded onto screens by what `pages` show, its
    /// followed `edges` onto segues, its `entries` onto entry segues. One pass over each.
    public init(states: [FlowMap.State], pages: [CrawledPage], edges: [FlowMap.Edge], entries: [FlowMap.Entry]) {
        self = Self.folding(states: states, pages: pages, edges: edges, entries: entries).storyboard
    }

    /// The storyboard of a crawl, and which segue each of its `edges` and `entries` stands for (by
    /// index in ``segues``; nil for an edge not followed or to its own state, or an entry to no
    /// state): what traffic figures count a path's moves on.
    static func folding(
        states: [FlowMap.State], pages: [CrawledPage], edges: [FlowMap.Edge], entries: [FlowMap.Entry]
    ) -> (storyboard: Storyboard, edgeSegues: [Int?], entrySegues: [Int?]) {
        var screens: [StoryboardScreen] = []
        var screenIndex: [String: Int] = [:]
        var titles: [Set<String>] = []
        var facts: [StateFacts] = []
        facts.reserveCapacity(states.count)
        for (state, page) in zip(states, pages) {
            let fact = StateFacts(state: state, tree: page.tree)
            facts.append(fact)
            if let index = screenIndex[fact.screen] {
                screens[index].states.append(state.id)
                titles[index].insert(state.title)
            } else {
                screenIndex[fact.screen] = screens.count
                titles.append([state.title])
                screens.append(
                    StoryboardScreen(
                        id: fact.screen, title: "", template: state.template, place: fact.place, flow: state.group,
                        states: [state.id], entries: []))
            }
        }
        for index in screens.indices {
            // A title that changes with the content (a movie's) is content: the template names the screen.
            let title = titles[index].count == 1 ? titles[index].first ?? "" : ""
            screens[index] = StoryboardScreen(
                id: screens[index].id, title: title.isEmpty ? screens[index].template : title,
                template: screens[index].template, place: screens[index].place, flow: screens[index].flow,
                states: screens[index].states, entries: [])
        }
        var segues: [Segue] = []
        var segueIndex: [SegueKey: Int] = [:]
        func add(from: String?, to: String, kind: Segue.Kind, step: String?) -> Int {
            let key = SegueKey(from: from, to: to, kind: kind)
            let index =
                segueIndex[key]
                ?? {
                    segueIndex[key] = segues.count
                    segues.append(Segue(from: from, to: to, kind: kind, steps: [], edges: 0))
                    return segues.count - 1
                }()
            segues[index].edges += 1
            if let step, !segues[index].steps.contains(step) {
                segues[index].steps.append(step)
                segues[index].steps.sort()
            }
            return index
        }
        let entrySegues = entries.map { entry -> Int? in
            guard facts.indices.contains(entry.state) else { return nil }
            let screen = facts[entry.state].screen
            if let index = screenIndex[screen] { screens[index].entries.append(entry.label) }
            return add(from: nil, to: screen, kind: entry.label == "start" ? .start : .deepLink, step: entry.step)
        }
        let edgeSegues = edges.map { edge -> Int? in
            guard let to = edge.to, to != edge.from, facts.indices.contains(edge.from), facts.indices.contains(to)
            else { return nil }
            let from = facts[edge.from]
            let description = edge.action.flatMap { index in
                pages[edge.from].tree.actions.indices.contains(index)
                    ? pages[edge.from].tree.actions[index].description : nil
            }
            let kind = Self.kind(from: from, to: facts[to], action: edge.action == nil ? nil : description ?? "")
            return add(from: from.screen, to: facts[to].screen, kind: kind, step: edge.step)
        }
        return (Storyboard(screens: screens, segues: segues), edgeSegues, entrySegues)
    }

    /// How the navigation changed from `from` to `to` by the action described as `action` (nil for
    /// a live move).
    static func kind(from: StateFacts, to: StateFacts, action: String?) -> Segue.Kind {
        guard let action else { return .liveMove }
        if let alert = to.alert, alert != from.alert { return .alert }
        if action.hasPrefix("tab ") { return .tab }
        if to.layers > from.layers { return .present }
        if to.layers < from.layers { return .dismiss }
        if action.hasPrefix("back to ") { return .back }
        if let before = from.tab, let after = to.tab, before != after { return .tab }
        if to.depth > from.depth { return .push }
        if to.depth < from.depth { return .back }
        if from.alert != nil, to.alert == nil { return from.under == to.under ? .dismiss : .replace }
        return from.under == to.under ? .update : .replace
    }

    /// What a state's screen tree says about its place in the storyboard, read once per state.
    struct StateFacts {
        /// The id of its screen.
        let screen: String
        /// The place of its visible screen under any alert.
        let place: [String]
        /// The id its screen would have without the alert.
        let under: String
        let alert: String?
        let tab: String?
        let layers: Int
        let depth: Int

        init(state: FlowMap.State, tree: ScreenTree) {
            let (place, depth) = tree.storyboardPlace
            let template = tree.visibleScreen?.template ?? ""
            under = place.isEmpty ? template : template + " in " + place.joined(separator: " › ")
            alert = tree.alert?.title
            screen = alert.map { "alert \"\($0)\"" } ?? under
            self.place = alert == nil ? place : []
            tab = tree.rootTab
            layers = tree.layers.count
            self.depth = depth
        }
    }

    private struct SegueKey: Hashable {
        let from: String?
        let to: String
        let kind: Segue.Kind
    }
}
