import Logging
import Synchronization
import Testing

@testable import WebHost

@Suite("A logger whose metadata is formatted only when a line is logged")
struct DeferredMetadataLogHandlerTests {
    /// Keeps each logged line's metadata as the wrapped handler received it.
    private final class Lines: Sendable {
        let logged = Mutex<[Logger.Metadata]>([])
    }

    private struct MetadataRecorder: LogHandler {
        let lines: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            lines.logged.withLock { $0.append(metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }) }
        }
    }

    @Test("a line carries the metadata set before it, a line's own metadata wins, the level is the wrapped one's")
    func metadataReachesTheLine() throws {
        let lines = Lines()
        var base = Logger(label: "test") { _ in MetadataRecorder(lines: lines) }
        base[metadataKey: "app"] = "movies"
        var logger = base.deferringMetadata
        logger[metadataKey: "hb.request.id"] = "7"
        logger[metadataKey: "session"] = "old"
        logger.info("GET /", metadata: ["session": "1a2b"])
        logger.debug("not logged at info")
        #expect(logger.logLevel == .info)
        #expect(logger[metadataKey: "app"] == "movies")
        let logged = lines.logged.withLock { $0 }
        #expect(logged.count == 1)
        #expect(logged.first == ["app": "movies", "hb.request.id": "7", "session": "1a2b"])
        // A copy is a value: what it sets does not reach the original.
        var copy = logger
        copy[metadataKey: "hb.request.id"] = "8"
        #expect(logger[metadataKey: "hb.request.id"] == "7")
    }

    @Test("keys set, reset and removed in any order: each line carries what is set when it is logged")
    func keysSetAndRemoved() {
        let lines = Lines()
        var logger = Logger(label: "test") { _ in MetadataRecorder(lines: lines) }.deferringMetadata
        logger[metadataKey: "a"] = "1"
        logger[metadataKey: "b"] = "2"
        logger[metadataKey: "a"] = nil
        logger[metadataKey: "c"] = "3"
        logger[metadataKey: "b"] = "4"
        logger.info("one")
        logger[metadataKey: "b"] = nil
        logger[metadataKey: "a"] = "5"
        logger.info("two")
        #expect(logger[metadataKey: "a"] == "5" && logger[metadataKey: "b"] == nil && logger[metadataKey: "c"] == "3")
        logger.handler.metadata = ["d": "6"]
        logger.info("three")
        #expect(lines.logged.withLock { $0 } == [["b": "4", "c": "3"], ["a": "5", "c": "3"], ["d": "6"]])
    }
}
