import FlowCore
import FlowHostApp
import HTMLPages
import HTMLPresenter

/// Walks an app through its own on-screen actions, breadth-first, each step in a fresh window
/// replaying the click path of the state it starts from (waits take no time). A state is the
/// normalised visible page: two paths that show the same page are one state. Each action is
/// labelled with the text a person clicks on, read as the page renders. Forms are sent with the
/// samples their screen declared, and once empty, so that validation errors are states too.
/// Crawls never share a window with a person's session, and yield between states, so that a
/// server's sessions go on rendering while it crawls (pages render off the main actor).
///
/// ```swift
/// let crawl = try await Crawler(app: app).crawl()
/// print(crawl.map.states.count, crawl.map.edges.count)
/// ```
@MainActor
public final class Crawler {
    /// Progress, as the crawl goes: states found and states waiting to be explored.
    public typealias Progress = (_ found: Int, _ queued: Int) -> Void

    private let app: WebApp
    private let options: CrawlOptions
    private let renderer: PageRenderer
    private var states: [FlowMap.State] = []
    private var pages: [CrawledPage] = []
    private var stateByPage: [String: Int] = [:]
    private var edges: [FlowMap.Edge] = []

    /// A crawler of `app` within `options`' bounds, rendering with `templates` (the app's own by
    /// default; a server that reloads its templates passes them as last loaded).
    public init(app: WebApp, templates: TemplateLibrary? = nil, options: CrawlOptions = CrawlOptions()) {
        self.app = app
        self.options = options
        renderer = PageRenderer(templates: templates ?? app.templates)
    }

    /// Crawls the app from a fresh window and from each deep link example.
    ///
    /// - Throws: `RenderError` when a page the app shows cannot be rendered; `CancellationError`
    ///   when the crawl's task is cancelled (it stops at the next state).
    public func crawl(progress: Progress = { _, _ in }) async throws -> Crawl {
        states = []
        pages = []
        stateByPage = [:]
        edges = []
        var entries: [FlowMap.Entry] = []
        var queue: [Int] = []
        var start = ClickPath()
        if let reached = try await reach(start, then: { _ in true }), let state = reached.state {
            entries.append(FlowMap.Entry(label: "start", state: state))
            if reached.isNew { queue.append(state) }
        }
        for path in app.deepLinks.examplePaths {
            start = ClickPath([.deepLink(path)])
            if let reached = try await reach(start, then: { $0.openLink(path) }), let state = reached.state {
                entries.append(FlowMap.Entry(label: DeepLinks.pathPrefix + path, state: state, step: reached.step))
                if reached.isNew { queue.append(state) }
            }
        }
        var next = 0
        while next < queue.count {
            let state = queue[next]
            next += 1
            progress(states.count, queue.count - next)
            queue += try await explore(state)
        }
        progress(states.count, 0)
        for index in states.indices {
            // A state whose actions a bound kept from being followed is cut, not a dead end.
            states[index].isDeadEnd =
                states[index].cut == nil && !edges.contains { $0.from == index && $0.to != nil && $0.to != index }
        }
        return Crawl(map: FlowMap(states: states, edges: edges, entries: entries, pages: pages), pages: pages)
    }

    // MARK: Exploring

    /// Follows every action of `state` (each form twice), then its live move if it has one;
    /// returns the states found that are to be explored in turn.
    private func explore(_ state: Int) async throws -> [Int] {
        let from = states[state]
        if from.depth > options.maxDepth {
            states[state].cut = "deeper than \(options.maxDepth) screens over a stack's root (--max-depth)"
        } else if from.clickPath.steps >= options.maxSteps {
            states[state].cut = "\(options.maxSteps) steps from the start already (--max-steps)"
        }
        var found: [Int] = []
        for (index, action) in pages[state].tree.actions.enumerated() {
            let position = pages[state].positions[index]
            let label = pages[state].labels[index]
            var sendings: [(label: String, fields: FormFields?)] = [(label, nil)]
            if action.isForm {
                sendings = [(label + " (empty)", FormFields())]
                if let samples = action.sampleFields { sendings.insert((label + " (sample)", samples), at: 0) }
            }
            for sending in sendings {
                if let cut = states[state].cut {
                    edges.append(
                        .init(
                            from: state, to: nil, label: sending.label, action: index, fields: sending.fields, cut: cut)
                    )
                    continue
                }
                let fields = sending.fields ?? FormFields()
                let reached = try await reach(from.clickPath) { scene in
                    guard let position, let token = scene.window.token(at: position) else { return false }
                    return (try? await scene.perform(token, fields: fields)) != nil
                }
                record(reached, from: state, label: sending.label, action: index, fields: sending.fields, into: &found)
            }
        }
        if states[state].cut == nil {
            let reached = try await reach(
                from.clickPath, then: { await $0.liveMove(within: .zero) }, yieldingFirst: true)
            if reached != nil {
                record(reached, from: state, label: "after a while (live move)", action: nil, fields: nil, into: &found)
            }
        }
        return found
    }

    private func record(
        _ reached: Reached?, from: Int, label: String, action: Int?, fields: FormFields?, into found: inout [Int]
    ) {
        let cut =
            reached?.state == nil
            ? (reached == nil
                ? "leads nowhere the crawl could replay" : "past \(options.maxStates) states (--max-states)") : nil
        edges.append(
            .init(
                from: from, to: reached?.state, label: label, action: action, fields: fields, cut: cut,
                step: reached?.step))
        if let reached, reached.isNew, let state = reached.state { found.append(state) }
    }

    // MARK: Reaching a state

    private struct Reached {
        /// The state reached; nil when it would be new past the bound.
        let state: Int?
        let isNew: Bool
        /// The signature of the first step logged after the step (``FlowMap/Edge/step``).
        var step: String?
    }

    /// In a fresh window: replays `path`, does `step` (nil when it does nothing), and finds or adds
    /// the state on screen.
    private func reach(
        _ path: ClickPath, then step: (SessionScene) async -> Bool, yieldingFirst: Bool = false
    ) async throws -> Reached? {
        // Others' work on the main actor (a server's sessions) goes first, between states.
        await Task.yield()
        try Task.checkCancellation()
        let (scene, replay) = await SessionScene.replaying(
            path, app: app, settleTimeout: options.settleTimeout, holdingWaits: true, yielding: true)
        defer {
            scene.window.clock.endReplay()
            scene.close()
        }
        guard replay.stoppedBecause == nil else { return nil }
        if yieldingFirst {
            // A screen's own task (a timer) begins its wait once it runs: let the tasks due run first.
            for _ in 0..<4 { await Task.yield() }
        }
        // What the replay logged is not this step's.
        _ = scene.newLogEntries()
        guard await step(scene) else { return nil }
        await scene.settle(timeout: options.settleTimeout)
        let sent = scene.newLogEntries().first.map { StepSignature.of(String(describing: $0.step)) }
        let tree = scene.window.updatedScreenTree()
        let key = try await Self.key(of: tree, with: renderer)
        if let known = stateByPage[key] { return Reached(state: known, isNew: false, step: sent) }
        guard states.count < options.maxStates else { return Reached(state: nil, isNew: false, step: sent) }
        let positions = tree.actions.map { scene.window.position(ofAction: $0.token) }
        let labels = try await Self.labels(of: tree, with: renderer)
        let id = states.count
        stateByPage[key] = id
        states.append(Self.state(id, tree: tree, path: scene.clickPath))
        pages.append(
            CrawledPage(
                tree: tree, labels: labels, positions: positions,
                screen: tree.visibleScreen.flatMap { scene.window.position(of: $0.id) }))
        return Reached(state: id, isNew: true, step: sent)
    }

    /// What a state's page is rendered with to tell it from the others and label its actions: where
    /// its actions lead is not known yet, so each is written as its token, which the key leaves aside.
    private nonisolated static let links = PageLinks(
        stylesheet: "", publicFiles: "", actions: .post(urlPrefix: "#"))

    /// The key of the state `tree` shows, off the main actor: its page normalised, the tokens
    /// renamed by their order.
    private nonisolated static func key(of tree: ScreenTree, with renderer: PageRenderer) async throws -> String {
        HTMLNormalizer.normalize(try renderer.render(tree, links: links))
    }

    /// The label of each of `tree`'s actions, off the main actor: the text a person clicks on, read
    /// as the page renders, or what the action does where it shows none.
    private nonisolated static func labels(of tree: ScreenTree, with renderer: PageRenderer) async throws -> [String] {
        let page = try renderer.renderPage(tree, links: links)
        return tree.actions.map { page.label(of: $0.token) ?? $0.description }
    }

    /// The state `id` for what `tree` shows, reached by `path`.
    private static func state(_ id: Int, tree: ScreenTree, path: ClickPath) -> FlowMap.State {
        let screen = tree.visibleScreen
        let template = tree.alert == nil ? screen?.template ?? "" : "alert"
        return FlowMap.State(
            id: id, title: tree.alert?.title ?? screen?.title ?? "", template: template,
            group: tree.storyboardFlow ?? String(template.prefix { $0 != "/" }),
            depth: tree.layers.map { depth(of: $0.root) }.max() ?? 0, clickPath: path, cut: nil, isDeadEnd: false)
    }

    /// The screens shown over the first of the deepest stack under `node` (a navigation controller's).
    private static func depth(of node: ScreenNode) -> Int {
        let own = node.place?.order == .stack ? node.visibleIndex ?? 0 : 0
        return max(own, node.children.map(depth).max() ?? 0)
    }
}

extension ClickPath {
    /// Clicks, form sendings, Back and live moves (a deep link is where a path starts).
    fileprivate var steps: Int {
        entries.count {
            if case .deepLink = $0 { return false }
            return true
        }
    }
}
