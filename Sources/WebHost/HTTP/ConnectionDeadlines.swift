import NIOCore

/// When one HTTP/1.1 connection is closed for taking too long, as a plain value: events in, the
/// deadline out. Its owner (``ConnectionTimer``) schedules the close and does all the I/O.
///
/// - While a request arrives — from the connection's opening or from the first byte of a request
///   until its head and body are read — the deadline is the request timeout after that moment: a
///   client that trickles its headers (slowloris) or its body is closed then.
/// - While an answer is in progress (a live-move stream for as long as it lasts), there is none.
/// - Between requests, the deadline is the idle timeout after the last answer ended.
///
/// A request that begins in the same read as the end of the one before it (pipelining) is seen
/// only once its head is whole: until then the idle deadline bounds it.
struct ConnectionDeadlines: Sendable {
    /// How long a request may take to arrive.
    let requestTimeout: TimeAmount
    /// How long a connection may wait between requests.
    let idleTimeout: TimeAmount

    /// A request's head or body is arriving (from the opening, or from its first byte).
    private var isReceiving = true
    private var receivingSince: NIODeadline
    /// Requests whose head was read and whose answer has not ended.
    private var unanswered = 0
    private var idleSince: NIODeadline

    /// A connection that opened at `now`: its first request is expected.
    init(requestTimeout: TimeAmount, idleTimeout: TimeAmount, openedAt now: NIODeadline) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        receivingSince = now
        idleSince = now
    }

    /// When the connection is to be closed; nil while it answers.
    var deadline: NIODeadline? {
        if isReceiving { return receivingSince + requestTimeout }
        return unanswered > 0 ? nil : idleSince + idleTimeout
    }

    /// Bytes arrived: between requests, a new one begins.
    mutating func bytesArrived(at now: NIODeadline) {
        beginReceiving(at: now)
    }

    /// A request's head was read whole.
    mutating func headRead(at now: NIODeadline) {
        unanswered += 1
        beginReceiving(at: now)
    }

    /// A request's end was read (its body, if any, whole).
    mutating func requestEnded(at now: NIODeadline) {
        isReceiving = false
        // An answer may end before its request's body was read (a refusal): idle from here.
        if unanswered == 0 { idleSince = now }
    }

    /// An answer's last part was written.
    mutating func answered(at now: NIODeadline) {
        unanswered = max(unanswered - 1, 0)
        if unanswered == 0 { idleSince = now }
    }

    private mutating func beginReceiving(at now: NIODeadline) {
        guard !isReceiving else { return }
        isReceiving = true
        receivingSince = now
    }
}
