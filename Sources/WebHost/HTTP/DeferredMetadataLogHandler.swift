import Logging

/// Keeps the metadata set on its logger aside, unformatted, until a line is logged, then hands the
/// line to the handler it wraps with that metadata added. Hummingbird sets a request id on its
/// logger for every request, and swift-log's `StreamLogHandler` formats all of its metadata
/// (sorted, printed) at every set: some 2 % of a page GET's CPU, for lines logged at debug only.
struct DeferredMetadataLogHandler: LogHandler {
    private var wrapped: any LogHandler
    /// Set on this handler, not yet given to `wrapped`.
    private var added: Logger.Metadata = [:]

    /// A handler that logs through `wrapped`.
    init(wrapping wrapped: any LogHandler) {
        self.wrapped = wrapped
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata.merging(added) { _, set in set } }
        set {
            wrapped.metadata = [:]
            added = newValue
        }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { added[key] ?? wrapped[metadataKey: key] }
        set { added[key] = newValue }
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if !added.isEmpty { event.metadata = added.merging(event.metadata ?? [:]) { _, explicit in explicit } }
        wrapped.log(event: event)
    }
}

extension Logger {
    /// This logger, its metadata formatted only when a line is logged (``DeferredMetadataLogHandler``).
    var deferringMetadata: Logger {
        var logger = self
        logger.handler = DeferredMetadataLogHandler(wrapping: handler)
        return logger
    }
}
