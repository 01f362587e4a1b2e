import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import WebHost

@Suite("A session's request queue")
struct RequestQueueTests {
    @Test("requests run one at a time, in arrival order")
    func fifo() async throws {
        let queue = RequestQueue()
        let order = Locked<[Int]>([])
        let (release, gate) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await queue.run {
                    for await _ in release {}
                    order.withLock { $0.append(0) }
                }
            }
            try await waitUntil { queue.isBusy }
            for index in 1...3 {
                group.addTask { try await queue.run { order.withLock { $0.append(index) } } }
                try await waitUntil { queue.waitingCount == index }
            }
            gate.finish()
            try await group.waitForAll()
        }
        #expect(order.withLock { $0 } == [0, 1, 2, 3])
    }

    @Test("a request waiting its turn is dropped when its client goes, and the line goes on")
    func clientGoneDropsTheWaiter() async throws {
        let queue = RequestQueue()
        let loop = EmbeddedEventLoop()
        let connectionClosed = loop.makePromise(of: Void.self)
        let ran = Locked<[String]>([])
        let (release, gate) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                try await queue.run {
                    for await _ in release {}
                    ran.withLock { $0.append("first") }
                }
                return "first"
            }
            try await waitUntil { queue.isBusy }
            group.addTask {
                do {
                    try await queue.run(clientGone: connectionClosed.futureResult) {
                        ran.withLock { $0.append("gone") }
                    }
                    return "gone ran"
                } catch is CancellationError {
                    return "gone dropped"
                }
            }
            try await waitUntil { queue.waitingCount == 1 }
            group.addTask {
                try await queue.run { ran.withLock { $0.append("third") } }
                return "third"
            }
            try await waitUntil { queue.waitingCount == 2 }
            connectionClosed.succeed()
            try await waitUntil { queue.waitingCount == 1 }
            gate.finish()
            var results: [String] = []
            for try await result in group { results.append(result) }
            #expect(results.sorted() == ["first", "gone dropped", "third"])
        }
        #expect(ran.withLock { $0 } == ["first", "third"], "the dropped request did nothing")
    }

    @Test("a waiting request whose task is cancelled is dropped")
    func cancelledWaiterIsDropped() async throws {
        let queue = RequestQueue()
        let (release, gate) = AsyncStream.makeStream(of: Void.self)
        async let first: Void = queue.run { for await _ in release {} }
        try await waitUntil { queue.isBusy }
        let waiter = Task { try await queue.run { "ran" } }
        try await waitUntil { queue.waitingCount == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(queue.waitingCount == 0)
        gate.finish()
        try await first
        #expect(try await queue.run { "free again" } == "free again")
    }
}

/// A value shared with tasks, behind a lock.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }
}

/// Polls `condition` until it holds (at most 30 seconds: a failing test fails, never hangs; a passing
/// one on a busy machine, whose tasks may wait seconds for a core, is not failed).
func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition never held")
            return
        }
        try await Task.sleep(for: .milliseconds(1))
    }
}
