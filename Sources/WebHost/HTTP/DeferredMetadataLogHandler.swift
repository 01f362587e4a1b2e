import Logging

/// Keeps the metadata set on its logger aside, unformatted, until a line is logged, then hands the
/// line to the handler it wraps with that metadata added. Hummingbird sets a request id on its
/// logger for every request, and swift-log's `StreamLogHandler` formats all of its metadata
/// (sorted, printed) at every set: some 2 % of a page GET's CPU, for lines logged at debug only.
struct DeferredMetadataLogHandler: LogHandler {
    private var wrapped: any LogHandler
    /// Set on this handler, not yet given to `wrapped`: the first key set kept as is, the others in
    /// `more`. A request sets one key (its id), and a dictionary made for it on every request was
    /// 0.2 % of a round trip's CPU. Its key is never one of `more`'s.
    private var first: (key: String, value: Logger.Metadata.Value)?
    private var more: Logger.Metadata = [:]

    /// Everything set on this handler.
    private var added: Logger.Metadata {
        guard let first else { return more }
        var added = more
        added[first.key] = first.value
        return added
    }

    /// A handler that logs through `wrapped`.
    init(wrapping wrapped: any LogHandler) {
        self.wrapped = wrapped
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata.merging(added) { _, set in set } }
        set {
            wrapped.metadata = [:]
            first = nil
            more = newValue
        }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { first?.key == key ? first?.value : more[key] ?? wrapped[metadataKey: key] }
        set {
            if first?.key == key || (first == nil && more[key] == nil) {
                first = newValue.map { (key, $0) }
            } else {
                more[key] = newValue
            }
        }
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
        if first != nil || !more.isEmpty {
            event.metadata = added.merging(event.metadata ?? [:]) { _, explicit in explicit }
        }
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
