/// The actions on screen now, by token, for one window.
///
/// Tokens are 128 random bits written as 32 lowercase hex digits (the web host writes them into its
/// action URLs). Each capture of the screen tree starts a new generation: the previous
/// generation's tokens become stale (remembered, bounded, so that a late click is told "stale"
/// rather than "unknown"; the last 256 or more are kept). Performing an action retires its whole
/// generation first, so the same token posted twice acts once.
///
/// Each action also gets its position: the view controller it belongs to and its index among that
/// view controller's actions, in the order the capture registered them, and the fields it takes
/// (those its form declares; none for a button).
@MainActor
final class ActionTable {

    typealias Perform = @MainActor (FormFields) async -> ActionResult

    private var current: [OpaqueToken: Entry] = [:]
    private var retired: Set<OpaqueToken> = []
    private var retiredOrder: [OpaqueToken] = []
    private let retiredCapacity: Int
    private var countByOwner: [ScreenID: Int] = [:]
    private var generator = SystemRandomNumberGenerator()

    init(retiredCapacity: Int = 256) {
        self.retiredCapacity = retiredCapacity
    }

    /// The actions on screen, for the screen tree and the debugger.
    private(set) var onScreen: [OnScreenAction] = []

    /// Issues a token for `perform`, an action of the view controller `owner` that takes the
    /// fields `fields`, and returns it as the template values carry it.
    func register(
        _ purpose: OnScreenAction.Purpose, of owner: ScreenID, fields: [FormField] = [],
        sampleFields: FormFields? = nil, perform: @escaping Perform
    ) -> ActionReference {
        let token = OpaqueToken.random(using: &generator)
        current[token] = Entry(perform: perform, fields: fields, owner: owner)
        let text = token.text
        let index = countByOwner[owner, default: 0]
        countByOwner[owner] = index + 1
        onScreen.append(
            OnScreenAction(
                token: text, purpose: purpose, screen: owner, index: index,
                sampleFields: sampleFields?.declared(by: fields)))
        return ActionReference(token: text)
    }

    /// Retires every current token: called before a new capture and before an action runs.
    func retireAll() {
        for token in current.keys {
            retire(token)
        }
        current.removeAll(keepingCapacity: true)
        onScreen.removeAll(keepingCapacity: true)
        countByOwner.removeAll(keepingCapacity: true)
    }

    /// The action for `token` and the fields it takes, retiring its generation, or why there is none.
    func take(_ text: String) throws(ActionError) -> Entry {
        guard let token = OpaqueToken(text) else { throw .unknown }
        guard let entry = current[token] else {
            throw retired.contains(token) ? .stale : .unknown
        }
        retireAll()
        return entry
    }

    private func retire(_ token: OpaqueToken) {
        guard retired.insert(token).inserted else { return }
        retiredOrder.append(token)
        if retiredOrder.count > retiredCapacity * 2 {
            let dropped = retiredOrder.count - retiredCapacity
            retired.subtract(retiredOrder.prefix(dropped))
            retiredOrder.removeFirst(dropped)
        }
    }

    /// An action: what it does, the fields it takes and the view controller it belongs to.
    struct Entry {
        let perform: Perform
        let fields: [FormField]
        let owner: ScreenID
    }
}
