/// The actions on screen now, by token, for one window.
///
/// Tokens are 128 random bits written as 32 lowercase hex digits, used in URLs
/// `/_action/<token>`. Each capture of the screen tree starts a new generation: the previous
/// generation's tokens become stale (remembered, bounded, so that a late click is told "stale"
/// rather than "unknown"). Performing an action retires its whole generation first, so the same
/// token posted twice acts once.
@MainActor
final class ActionTable {
    /// The URL path before a token.
    nonisolated static let pathPrefix = "/_action/"

    typealias Perform = @MainActor (FormFields) async -> ActionResult

    private var current: [String: Entry] = [:]
    private var retired: Set<String> = []
    private var retiredOrder: [String] = []
    private let retiredCapacity: Int
    private var generator = SystemRandomNumberGenerator()

    init(retiredCapacity: Int = 2048) {
        self.retiredCapacity = retiredCapacity
    }

    /// The actions on screen, for the screen tree and the debugger.
    private(set) var onScreen: [OnScreenAction] = []

    /// Issues a token for `perform` and returns its URL.
    func register(description: String, perform: @escaping Perform) -> String {
        let token = newToken()
        current[token] = Entry(perform: perform)
        onScreen.append(OnScreenAction(token: token, description: description))
        return Self.pathPrefix + token
    }

    /// Retires every current token: called before a new capture and before an action runs.
    func retireAll() {
        for token in current.keys {
            retire(token)
        }
        current = [:]
        onScreen = []
    }

    /// The action for `token`, retiring its generation, or why there is none.
    func take(_ token: String) throws(ActionError) -> Perform {
        guard let entry = current[token] else {
            throw retired.contains(token) ? .stale : .unknown
        }
        retireAll()
        return entry.perform
    }

    private func retire(_ token: String) {
        guard retired.insert(token).inserted else { return }
        retiredOrder.append(token)
        if retiredOrder.count > retiredCapacity * 2 {
            let dropped = retiredOrder.count - retiredCapacity
            retired.subtract(retiredOrder.prefix(dropped))
            retiredOrder.removeFirst(dropped)
        }
    }

    private func newToken() -> String {
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private struct Entry {
        let perform: Perform
    }
}
