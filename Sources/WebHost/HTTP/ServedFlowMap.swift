import Synchronization

/// `/_flowhost/map` of a running server: the app crawled in windows of its own (no one's session
/// is touched) and laid out, kept until the templates change.
///
/// The crawl is a host task (``HostTasks``): it ends with the server, yields between states so
/// that sessions' pages go on rendering, and is dropped when the templates are reloaded (the
/// requests waiting for it get the crawl of the new templates). A crawl that failed is not kept:
/// the next request crawls again.
final class ServedFlowMap: Sendable {
    typealias MakePage = @Sendable () async throws -> String
    private typealias Waiter = CheckedContinuation<Result<String, any Error>, Never>

    private struct State {
        /// Moves on with every reload of the templates.
        var generation = 0
        /// The page of the current generation, once crawled.
        var page: String?
        /// The crawl of the current generation, while it runs.
        var running: HostTasks.Handle?
        var isStarting = false
        var waiters: [Waiter] = []
        /// How the last request asked to crawl (a crawl started again after a reload uses it).
        var makePage: MakePage?
    }

    private let state = Mutex(State())
    private let tasks: HostTasks

    /// A map whose crawls run in `tasks`.
    init(tasks: HostTasks) {
        self.tasks = tasks
    }

    /// The map page; the first request crawls with `makePage` (the app with the templates as last
    /// loaded), later ones (and those meanwhile) share the result.
    ///
    /// - Throws: what the crawl threw; `CancellationError` when the server stopped first.
    func html(crawling makePage: @escaping MakePage) async throws -> String {
        let result = await withCheckedContinuation { (waiter: Waiter) in
            let (page, generation) = state.withLock { state -> (String?, Int?) in
                if let page = state.page { return (page, nil) }
                state.waiters.append(waiter)
                state.makePage = makePage
                return (nil, claimStart(&state))
            }
            if let page { waiter.resume(returning: .success(page)) }
            if let generation { start(generation, makePage) }
        }
        return try result.get()
    }

    /// The templates changed: the page and a running crawl are dropped; waiting requests get a
    /// crawl of the new templates.
    func templatesChanged() {
        let (generation, makePage) = state.withLock { state -> (Int?, MakePage?) in
            state.generation += 1
            state.page = nil
            state.running?.cancel()
            state.running = nil
            state.isStarting = false
            guard !state.waiters.isEmpty else { return (nil, nil) }
            return (claimStart(&state), state.makePage)
        }
        if let generation, let makePage { start(generation, makePage) }
    }

    /// The generation to crawl when no crawl of the current one runs or starts; nil otherwise.
    private func claimStart(_ state: inout State) -> Int? {
        guard state.running == nil, !state.isStarting else { return nil }
        state.isStarting = true
        return state.generation
    }

    private func start(_ generation: Int, _ makePage: @escaping MakePage) {
        let handle = tasks.start { [self] in
            let result: Result<String, any Error>
            do {
                result = .success(try await makePage())
            } catch {
                result = .failure(error)
            }
            finish(generation, with: result)
        }
        guard let handle else {
            finish(generation, with: .failure(CancellationError()))
            return
        }
        let isCurrent = state.withLock { state in
            guard state.generation == generation else { return false }
            if state.isStarting {
                state.isStarting = false
                state.running = handle
            }
            return true
        }
        // The templates changed while it started: nobody waits for this crawl any more.
        if !isCurrent { handle.cancel() }
    }

    private func finish(_ generation: Int, with result: Result<String, any Error>) {
        let waiters = state.withLock { state -> [Waiter] in
            // A crawl of templates that changed since: its waiters wait for the new one.
            guard state.generation == generation else { return [] }
            state.running = nil
            state.isStarting = false
            if case .success(let page) = result { state.page = page }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
