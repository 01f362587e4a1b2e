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
            let actions = pages[edge.from].tree.actions
            let move: Move =
                edge.action.map { index in .action(actions.indices.contains(index) ? actions[index].transition : nil) }
                ?? .liveMove
            let kind = Self.kind(from: from, to: facts[to], move: move)
            return add(from: from.screen, to: facts[to].screen, kind: kind, step: edge.step)
        }
        return (Storyboard(screens: screens, segues: segues), edgeSegues, entrySegues)
    }

    /// What moved the app from one state to another.
    enum Move {
        /// It moved by itself (a timer).
        case liveMove
        /// An action, with the transition its container declared (nil for a screen's own action).
        case action(Transition?)
    }

    /// How the navigation changed from `from` to `to` by `move`: an alert shown, else what the
    /// container whose action it was declares (a tab, back), else a modal presented or dismissed,
    /// else what the first container that changed says (pushed, back, another tab, swapped), else
    /// an alert dismissed or the same screen updated (or another one: replaced).
    static func kind(from: StateFacts, to: StateFacts, move: Move) -> Segue.Kind {
        guard case .action(let declared) = move else { return .liveMove }
        if let alert = to.alert, alert != from.alert { return .alert }
        if let declared { return Segue.Kind(declared) }
        if to.roots.count > from.roots.count { return .present }
        if to.roots.count < from.roots.count { return .dismiss }
        // The top layer first: a change under a modal shows only where the modal is the same.
        for (old, new) in zip(from.roots, to.roots).reversed() {
            switch old.change(to: new) {
            case .moved(let transition): return Segue.Kind(transition)
            case .swapped: return .replace
            case nil: continue
            }
        }
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
        /// The root of each layer, the window's first.
        let roots: [ScreenNode]

        init(state: FlowMap.State, tree: ScreenTree) {
            let place = tree.storyboardPlace
            let template = tree.visibleScreen?.template ?? ""
            under = place.isEmpty ? template : template + " in " + place.joined(separator: " › ")
            alert = tree.alert?.title
            screen = tree.storyboardScreen
            self.place = alert == nil ? place : []
            roots = tree.layers.map(\.root)
        }
    }

    private struct SegueKey: Hashable {
        let from: String?
        let to: String
        let kind: Segue.Kind
    }
}
