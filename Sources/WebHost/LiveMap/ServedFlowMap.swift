import Synchronization

/// `/_flowhost/map` of a running server: the app crawled in windows of its own (no one's session
/// is touched) and laid out (a ``LiveMap``; any value in tests), kept until the templates change.
///
/// The crawl is a host task (``HostTasks``): it ends with the server, yields between states so
/// that sessions' pages go on rendering, and is dropped when the templates are reloaded (the
/// requests waiting for it get the crawl of the new templates). A crawl that failed is not kept:
/// the next request crawls again.
final class ServedFlowMap<Value: Sendable>: Sendable {
    typealias MakeValue = @Sendable () async throws -> Value
    private typealias Waiter = CheckedContinuation<Result<Value, any Error>, Never>

    private struct State {
        /// Moves on with every reload of the templates.
        var generation = 0
        /// The value of the current generation, once crawled.
        var value: Value?
        /// The crawl of the current generation, while it runs.
        var running: HostTasks.Handle?
        var isStarting = false
        var waiters: [Waiter] = []
        /// How the last request asked to crawl (a crawl started again after a reload uses it).
        var makeValue: MakeValue?
    }

    private let state = Mutex(State())
    private let tasks: HostTasks

    /// A map whose crawls run in `tasks`.
    init(tasks: HostTasks) {
        self.tasks = tasks
    }

    /// The map; the first request crawls with `makeValue` (the app with the templates as last
    /// loaded), later ones (and those meanwhile) share the result.
    ///
    /// - Throws: what the crawl threw; `CancellationError` when the server stopped first.
    func value(crawling makeValue: @escaping MakeValue) async throws -> Value {
        let result = await withCheckedContinuation { (waiter: Waiter) in
            let (value, generation) = state.withLock { state -> (Value?, Int?) in
                if let value = state.value { return (value, nil) }
                state.waiters.append(waiter)
                state.makeValue = makeValue
                return (nil, claimStart(&state))
            }
            if let value { waiter.resume(returning: .success(value)) }
            if let generation { start(generation, makeValue) }
        }
        return try result.get()
    }

    /// The templates changed: the map and a running crawl are dropped; waiting requests get a
    /// crawl of the new templates.
    func templatesChanged() {
        let (generation, makeValue) = state.withLock { state -> (Int?, MakeValue?) in
            state.generation += 1
            state.value = nil
            state.running?.cancel()
            state.running = nil
            state.isStarting = false
            guard !state.waiters.isEmpty else { return (nil, nil) }
            return (claimStart(&state), state.makeValue)
        }
        if let generation, let makeValue { start(generation, makeValue) }
    }

    /// The generation to crawl when no crawl of the current one runs or starts; nil otherwise.
    private func claimStart(_ state: inout State) -> Int? {
        guard state.running == nil, !state.isStarting else { return nil }
        state.isStarting = true
        return state.generation
    }

    private func start(_ generation: Int, _ makeValue: @escaping MakeValue) {
        let handle = tasks.start { [self] in
            let result: Result<Value, any Error>
            do {
                result = .success(try await makeValue())
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

    private func finish(_ generation: Int, with result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [Waiter] in
            // A crawl of templates that changed since: its waiters wait for the new one.
            guard state.generation == generation else { return [] }
            state.running = nil
            state.isStarting = false
            if case .success(let value) = result { state.value = value }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
