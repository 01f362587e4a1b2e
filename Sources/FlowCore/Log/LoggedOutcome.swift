/// A ``NavigationOutcome`` as the log keeps it, for a session that lives on a server for hours:
/// in place of a copy of the step when `adapt(step:)` returned it unchanged (as it does for
/// almost every step), and with a single contribution inline rather than in an array of its own.
/// Its cases are flat, so that it takes 16 bytes (a contribution's two types) rather than 17, and
/// a log entry 72 bytes rather than 80.
struct LoggedOutcome: Sendable {
    private enum Storage: Sendable {
        /// Navigated as the step itself, contributing nothing.
        case navigated
        /// Navigated as the step itself, contributing one thing (the common case).
        case navigatedContributing(ContributionRecord)
        /// Navigated as the step itself, contributing two things or more.
        case navigatedContributingAll([ContributionRecord])
        /// Navigated as another step (rare: kept in a box, so that entries stay small).
        case navigatedAs(Adapted)
        case dropped(DropReason)
    }

    /// What `adapt(step:)` made of a step when it was not the step itself.
    private final class Adapted: Sendable {
        let step: any Step
        let contributions: [ContributionRecord]

        init(step: any Step, contributions: [ContributionRecord]) {
            self.step = step
            self.contributions = contributions
        }
    }

    private let storage: Storage

    /// `outcome`, the outcome of `step`.
    init(_ outcome: NavigationOutcome, of step: any Step) {
        switch outcome {
        case .navigated(let adapted, let contributions) where Self.isSame(adapted, step):
            switch contributions.count {
            case 0: storage = .navigated
            case 1: storage = .navigatedContributing(contributions[0])
            default: storage = .navigatedContributingAll(contributions)
            }
        case .navigated(let adapted, let contributions):
            storage = .navigatedAs(Adapted(step: adapted, contributions: contributions))
        case .dropped(let reason):
            storage = .dropped(reason)
        }
    }

    /// The outcome as it was recorded for `step`.
    func outcome(of step: any Step) -> NavigationOutcome {
        switch storage {
        case .navigated: .navigated(adaptedStep: step, contributions: [])
        case .navigatedContributing(let record): .navigated(adaptedStep: step, contributions: [record])
        case .navigatedContributingAll(let records): .navigated(adaptedStep: step, contributions: records)
        case .navigatedAs(let adapted): .navigated(adaptedStep: adapted.step, contributions: adapted.contributions)
        case .dropped(let reason): .dropped(reason)
        }
    }

    /// Why the step was dropped, or nil if it was navigated.
    var dropReason: DropReason? {
        if case .dropped(let reason) = storage { return reason }
        return nil
    }

    /// Whether `adapted` is `step` again: of the same type and equal (a step that is not
    /// `Equatable` is never taken for the same, and is kept).
    private static func isSame(_ adapted: any Step, _ step: any Step) -> Bool {
        guard type(of: adapted) == type(of: step), let adapted = adapted as? any Equatable else { return false }
        return adapted.isEqual(to: step)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        // Unwrapped first: comparing the optionals went through `Optional`'s `==`, which makes a
        // tuple's metadata at run time for every step navigated.
        guard let other = other as? Self else { return false }
        return other == self
    }
}
