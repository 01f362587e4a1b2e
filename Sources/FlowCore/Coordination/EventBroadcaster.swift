/// Hands the same events to any number of `AsyncStream` listeners.
@MainActor
final class EventBroadcaster<Element: Sendable> {
    private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextID = 0

    /// A new stream that receives every event sent from now on. A listener that falls behind
    /// keeps the newest 256 events.
    func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .bufferingNewest(256))
        nextID += 1
        let id = nextID
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    func send(_ event: Element) {
        for continuation in continuations.values {
            continuation.yield(event)
        }
    }

    /// Ends every stream: listeners' loops finish.
    func finish() {
        for continuation in continuations.values {
            continuation.finish()
        }
        continuations = [:]
    }
}
