/// The actions on screen now, by token, for one window.
///
/// Tokens are 128 random bits written as 32 lowercase hex digits, used in URLs
/// `/_action/<token>`. Each version of what is on screen has its generation of tokens: a capture
/// of a new version retires the previous generation (remembered, bounded, so that a late click is
/// told "stale" rather than "unknown"; the last 256 are kept), while a capture of the same version
/// hands out the same tokens again, so that whoever keeps the page need not keep the capture.
/// Performing an action retires its whole generation first, so the same token posted twice acts
/// once.
///
/// Each action also gets its position: the view controller it belongs to and its index among that
/// view controller's actions, in the order the capture registered them.
@MainActor
final class ActionTable {

    typealias Perform = @MainActor (FormFields) async -> ActionResult

    private var current: [OpaqueToken: Perform] = [:]
    /// The latest retired tokens, oldest overwritten first.
    private var retired: [OpaqueToken] = []
    private var nextRetired = 0
    private let retiredCapacity: Int
    private var countByOwner: [ScreenID: Int] = [:]
    /// While a capture of the same version runs: the actions it registers again, in order.
    private var reissued: [OnScreenAction] = []
    private var generator = SystemRandomNumberGenerator()

    init(retiredCapacity: Int = 256) {
        precondition(retiredCapacity > 0, "An action table remembers at least one retired token")
        self.retiredCapacity = retiredCapacity
    }

    /// The actions on screen, for the screen tree and the debugger.
    private(set) var onScreen: [OnScreenAction] = []

    /// Starts a capture: of the version on screen again (`sameVersion`), whose actions then get
    /// the tokens they had if they register in the same order; else of a new version, whose
    /// actions get new tokens (the previous ones are retired).
    func beginCapture(sameVersion: Bool) {
        if sameVersion {
            reissued = onScreen
            current.removeAll(keepingCapacity: true)
            onScreen.removeAll(keepingCapacity: true)
            countByOwner.removeAll(keepingCapacity: true)
        } else {
            retireAll()
        }
    }

    /// Ends a capture: the tokens of a capture of the same version that were not handed out again
    /// are retired.
    func endCapture() {
        for action in reissued where current[action.opaqueToken] == nil {
            retire(action.opaqueToken)
        }
        reissued = []
    }

    /// Issues a token for `perform`, an action of the view controller `owner`, and returns its URL.
    func register(
        _ purpose: OnScreenAction.Purpose, of owner: ScreenID, sampleFields: FormFields? = nil,
        perform: @escaping Perform
    ) -> String {
        let index = countByOwner[owner, default: 0]
        countByOwner[owner] = index + 1
        let position = onScreen.count
        let token =
            reissued.indices.contains(position) && reissued[position].screen == owner
                && reissued[position].index == index
            ? reissued[position].opaqueToken : OpaqueToken.random(using: &generator)
        current[token] = perform
        onScreen.append(
            OnScreenAction(token: token, purpose: purpose, screen: owner, index: index, sampleFields: sampleFields))
        return FlowHostRoute.action(token: token.text).url
    }

    /// Retires every current token: called before a capture of a new version and before an
    /// action runs.
    func retireAll() {
        for token in current.keys {
            retire(token)
        }
        current.removeAll(keepingCapacity: true)
        onScreen.removeAll(keepingCapacity: true)
        countByOwner.removeAll(keepingCapacity: true)
    }

    /// The action for `token`, retiring its generation, or why there is none.
    func take(_ text: String) throws(ActionError) -> Perform {
        guard let token = OpaqueToken(text) else { throw .unknown }
        guard let perform = current[token] else {
            throw retired.contains(token) ? .stale : .unknown
        }
        retireAll()
        return perform
    }

    private func retire(_ token: OpaqueToken) {
        if retired.count < retiredCapacity {
            retired.append(token)
        } else {
            retired[nextRetired] = token
            nextRetired = (nextRetired + 1) % retiredCapacity
        }
    }
}
