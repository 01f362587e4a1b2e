import ServiceLifecycle
import Synchronization

/// The work the host starts besides answering requests (refreshing a page that waits for a live
/// move, crawling the live flow map), run as children of one task group that is a service of the
/// server: each ends with the server, none outlives it. A job started after the server stopped is
/// not run.
final class HostTasks: Service, Sendable {
    /// A job started with ``start(_:)``, which can be told to stop.
    struct Handle: Sendable {
        fileprivate let stopSignal: AsyncStream<Never>.Continuation

        /// Cancels the job's task (it stops at its next cancellation check).
        func cancel() {
            stopSignal.finish()
        }
    }

    private typealias Job = @Sendable () async -> Void

    private let jobs: AsyncStream<Job>
    private let submit: AsyncStream<Job>.Continuation

    init() {
        (jobs, submit) = AsyncStream.makeStream(of: Job.self)
    }

    /// Runs `job` as a child of the server's task group; returns a handle that cancels it, or nil
    /// when the server stopped (the job is not run).
    @discardableResult
    func start(_ job: @escaping @Sendable () async -> Void) -> Handle? {
        let (stopped, stopSignal) = AsyncStream.makeStream(of: Never.self)
        let submitted = submit.yield {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await job() }
                group.addTask {
                    for await _ in stopped {}
                }
                // Whichever ends first, the job or the stop signal, ends the other.
                await group.next()
                group.cancelAll()
                stopSignal.finish()
            }
        }
        if case .terminated = submitted { return nil }
        return Handle(stopSignal: stopSignal)
    }

    /// Runs the jobs until the server shuts down gracefully, then cancels the running ones and
    /// waits for them to end.
    func run() async throws {
        await withDiscardingTaskGroup { group in
            for await job in jobs.cancelOnGracefulShutdown() {
                group.addTask { await job() }
            }
            group.cancelAll()
        }
        submit.finish()
    }
}
