import Hummingbird
import NIOCore

/// Hummingbird's basic request context plus the request's connection: an event stream closes its
/// connection when it ends, so a client that keeps the socket open (a closed tab's half-open
/// socket, a hostile client) holds nothing of the server's.
struct FlowHostRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
