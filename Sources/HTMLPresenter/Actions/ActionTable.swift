import FlowCore
import HTMLTemplates

/// The actions on screen now, by token, for one window.
///
/// Tokens are 128 random bits written as 22 base64url characters (``OpaqueToken/compactText``; the
/// web host writes them into its action URLs). Each version of what is on screen has its generation
/// of tokens: a capture of a new version retires the previous generation (remembered, bounded, so
/// that a late click is told "stale" rather than "unknown"; the last 256 are kept), while a capture
/// of the same version hands out the same tokens again, so that whoever keeps the page need not
/// keep the capture. Performing an action retires its whole generation first, so the same token
/// posted twice acts once.
///
/// Each action also gets its position: the view controller it belongs to and its index among that
/// view controller's actions, in the order the capture registered them, and the fields it takes
/// (those its form declares; none for a button).
///
/// Between captures a live session keeps only this table, so it is kept small: per action its
/// token, position, fields and what it does (a step is kept as the step, sent when the action is
/// taken, not as a closure); the actions' descriptions (``onScreen``) only while a capture runs.
@MainActor
final class ActionTable {

    typealias Perform = @MainActor (FormFields) async -> ActionResult

    /// What taking an action does.
    enum Behavior {
        /// Sends the step from the stepper of the view controller the action belongs to.
        case step(any Step)
        /// Runs this with the fields the action takes (those its form declares; none for a button).
        case perform(Perform, fields: [FormField])

        /// The fields the action takes.
        var fields: [FormField] {
            if case .perform(_, let fields) = self { return fields }
            return []
        }
    }

    /// An action taken: what it does, the fields it takes, the view controller it belongs to and
    /// its index among that view controller's actions (its position, read before the table lets
    /// go of the capture's actions).
    struct Taken {
        let behavior: Behavior
        let fields: [FormField]
        let owner: ScreenID
        let index: Int
    }

    /// An action on screen, as kept between captures: 64 bytes. Its screen is a 32-bit number after
    /// the behavior (41 bytes), in the room the stride leaves; its index among its screen's
    /// actions is not kept but counted (`index(at:in:)`): kept, it made an entry 72 bytes, and a
    /// movie list's table 216 bytes larger in every live session.
    private struct Entry {
        let token: OpaqueToken
        let behavior: Behavior
        private let screenNumber: Int32

        init(token: OpaqueToken, screen: ScreenID, behavior: Behavior) {
            self.token = token
            self.behavior = behavior
            screenNumber = Int32(truncatingIfNeeded: screen.rawValue)
        }

        var screen: ScreenID { ScreenID(rawValue: Int(screenNumber)) }
    }

    /// The actions on screen, in the order they were registered.
    private var entries: [Entry] = []
    /// The latest retired tokens, oldest overwritten first.
    private var retired: [OpaqueToken] = []
    private var nextRetired = 0
    private let retiredCapacity: Int
    /// How many actions each view controller registered in the running capture. A capture's
    /// actions belong to a handful of view controllers (the screen, its containers), so a list
    /// searched from the end finds one sooner than a dictionary hashes it twice an action.
    private var countByOwner: [(owner: ScreenID, count: Int)] = []
    /// While a capture of the same version runs: the actions it registers again, in order, with
    /// their index among their screen's actions.
    private var reissued: [(entry: Entry, index: Int)] = []
    private var generator = BatchedRandomNumberGenerator()
    /// The last action taken, with the fields it took and a hash of their values (not the values:
    /// a session keeps this as long as it lives): the same request again is told apart from a
    /// click on a stale page.
    private var lastTaken: (token: OpaqueToken, fields: [FormField], values: Int)?
    /// Issues the token of the action at a position of the running capture, in place of a random
    /// one (the web host signs them: see ``HTMLWindow/tokenIssuer``); nil between captures.
    private var issue: ((_ position: Int) -> OpaqueToken)?

    init(retiredCapacity: Int = 256) {
        precondition(retiredCapacity > 0, "An action table remembers at least one retired token")
        self.retiredCapacity = retiredCapacity
    }

    /// The actions the running capture registered so far, for the screen tree and the debugger;
    /// empty between captures.
    private(set) var onScreen: [OnScreenAction] = []
    /// How many actions the last capture registered: the next one makes room for as many at once in
    /// its descriptions and its entries, rather than growing each list (and copying what it holds)
    /// five or six times a page.
    private var lastCaptureCount = 0

    /// Starts a capture: of the version on screen again (`sameVersion`), whose actions then get
    /// the tokens they had if they register in the same order; else of a new version, whose
    /// actions get new tokens (the previous ones are retired), from `issue` when given (by their
    /// position in the capture), else random.
    func beginCapture(sameVersion: Bool, issue: ((_ position: Int) -> OpaqueToken)? = nil) {
        self.issue = issue
        if sameVersion {
            var counts: [ScreenID: Int] = [:]
            reissued = entries.map { entry in
                defer { counts[entry.screen, default: 0] += 1 }
                return (entry, counts[entry.screen, default: 0])
            }
            entries = []
            countByOwner = []
        } else {
            retireAll()
        }
        onScreen.reserveCapacity(lastCaptureCount)
        entries.reserveCapacity(lastCaptureCount)
    }

    /// Ends a capture: the tokens of a capture of the same version that were not handed out again
    /// are retired; the actions' descriptions are let go (the screen tree has them).
    func endCapture() {
        if !reissued.isEmpty {
            let kept = Set(entries.map(\.token))
            for old in reissued where !kept.contains(old.entry.token) { retire(old.entry.token) }
        }
        reissued = []
        lastCaptureCount = onScreen.count
        onScreen = []
        countByOwner = []
        issue = nil
        // Kept until the next capture: no room for more. (`Array(entries[...])` would hand back
        // the same storage, room and all.)
        if entries.capacity > entries.count {
            var exact: [Entry] = []
            exact.reserveCapacity(entries.count)
            exact.append(contentsOf: entries)
            entries = exact
        }
    }

    /// Issues a token for `perform`, an action of the view controller `owner` that takes the
    /// fields `fields`, and returns it as the template values carry it.
    func register(
        _ purpose: OnScreenAction.Purpose, of owner: ScreenID, fields: [FormField] = [],
        sampleFields: FormFields? = nil, perform: @escaping Perform
    ) -> ActionReference {
        register(
            purpose, of: owner, fields: fields, sampleFields: sampleFields, behavior: .perform(perform, fields: fields))
    }

    /// Issues a token for sending `step` from the stepper of `owner`, and returns it as the
    /// template values carry it.
    func register(step: any Step, of owner: ScreenID) -> ActionReference {
        register(.step(step), of: owner, fields: [], sampleFields: nil, behavior: .step(step))
    }

    private func register(
        _ purpose: OnScreenAction.Purpose, of owner: ScreenID, fields: [FormField], sampleFields: FormFields?,
        behavior: Behavior
    ) -> ActionReference {
        let index: Int
        if let known = countByOwner.lastIndex(where: { $0.owner == owner }) {
            index = countByOwner[known].count
            countByOwner[known].count += 1
        } else {
            index = 0
            countByOwner.append((owner, 1))
        }
        let position = entries.count
        let token =
            reissued.indices.contains(position) && reissued[position].entry.screen == owner
                && reissued[position].index == index
            ? reissued[position].entry.token : issue?(position) ?? OpaqueToken.random(using: &generator)
        entries.append(Entry(token: token, screen: owner, behavior: behavior))
        let text = token.compactText
        onScreen.append(
            OnScreenAction(
                token: text, purpose: purpose, screen: owner, index: index, fields: fields,
                sampleFields: sampleFields?.declared(by: fields)))
        return ActionReference(token: text)
    }

    /// Retires every current token: called before a capture of a new version and before an
    /// action runs.
    func retireAll() {
        // By index: a `for entry in entries` copies each entry, retaining what it does, to read
        // its token.
        for index in entries.indices {
            retire(entries[index].token)
        }
        entries = []
        onScreen = []
        countByOwner = []
    }

    /// The position of the action `token` on screen, if it is.
    func position(of token: OpaqueToken) -> (screen: ScreenID, index: Int)? {
        entries.firstIndex { $0.token == token }.map { (entries[$0].screen, index(at: $0, in: entries)) }
    }

    /// The token of the action at `index` of `screen` on screen, if there is one.
    func token(ofAction index: Int, of screen: ScreenID) -> OpaqueToken? {
        guard index >= 0 else { return nil }
        return entries.lazy.filter { $0.screen == screen }.dropFirst(index).first?.token
    }

    /// The index of the action at `position` of `entries` among its screen's actions: how many of
    /// that screen come before it.
    private func index(at position: Int, in entries: [Entry]) -> Int {
        let screen = entries[position].screen
        return entries[..<position].count { $0.screen == screen }
    }

    /// The token of the action at `position` in the order the capture registered them, if there
    /// is one.
    func token(atCapturePosition position: Int) -> OpaqueToken? {
        entries.indices.contains(position) ? entries[position].token : nil
    }

    /// The action for `token`, posted with `fields`, retiring its generation; or why there is none
    /// (``ActionError/alreadyTaken`` when it is the last action taken and `fields` give the values
    /// it took then).
    func take(_ text: String, fields: FormFields) throws(ActionError) -> Taken {
        guard let token = OpaqueToken(compactText: text) else { throw .unknown }
        guard let position = entries.firstIndex(where: { $0.token == token }) else {
            if let last = lastTaken, last.token == token, Self.hash(fields.declared(by: last.fields)) == last.values {
                throw .alreadyTaken
            }
            throw retired.contains(token) ? .stale : .unknown
        }
        let entry = entries[position]
        let index = index(at: position, in: entries)
        retireAll()
        let taken = entry.behavior.fields
        lastTaken = (token, taken, Self.hash(fields.declared(by: taken)))
        return Taken(behavior: entry.behavior, fields: taken, owner: entry.screen, index: index)
    }

    /// The hash of `fields`' names and values, in order (this process's seed: kept in memory only).
    private static func hash(_ fields: FormFields) -> Int {
        var hasher = Hasher()
        for field in fields.fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
        return hasher.finalize()
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
