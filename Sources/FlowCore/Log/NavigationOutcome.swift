/// What became of a step.
public enum NavigationOutcome: Sendable, CustomStringConvertible {
    /// A flow navigated it (as `adaptedStep`, what `adapt(step:)` returned) and contributed these.
    case navigated(adaptedStep: any Step, contributions: [ContributionRecord])
    /// It was dropped.
    case dropped(DropReason)

    /// Why it was dropped, or nil if it was navigated.
    public var dropReason: DropReason? {
        if case .dropped(let reason) = self { return reason }
        return nil
    }

    /// What `adapt(step:)` made of it, or nil if it was dropped.
    public var adaptedStep: (any Step)? {
        if case .navigated(let step, _) = self { return step }
        return nil
    }

    /// What the flow contributed; empty when dropped.
    public var contributions: [ContributionRecord] {
        if case .navigated(_, let contributions) = self { return contributions }
        return []
    }

    /// A readable account: `navigated as list; contributed screen A (stepper B)` or `dropped: not visible`.
    public var description: String {
        switch self {
        case .navigated(let step, let contributions) where contributions.isEmpty:
            "navigated as \(step)"
        case .navigated(let step, let contributions):
            "navigated as \(step); contributed " + contributions.map(\.description).joined(separator: ", ")
        case .dropped(let reason): "dropped: \(reason)"
        }
    }
}
