extension FlowContributors {
    /// The contributors as the navigation log records them.
    var records: [ContributionRecord] {
        switch self {
        case .none: []
        case .one(let contributor): [contributor.record]
        case .multiple(let contributors): contributors.map(\.record)
        case .end(let step): [.end(forwardToParentFlowWithStep: step)]
        }
    }
}

extension FlowContributor {
    /// This contributor as the navigation log records it.
    var record: ContributionRecord {
        switch self {
        case .contribute(let presentable, let stepper, _, _):
            presentable is any Flow
                ? .childFlow(type(of: presentable), stepper: type(of: stepper))
                : .screen(presentable: type(of: presentable), stepper: type(of: stepper))
        case .forwardToCurrentFlow(let step): .forwardToCurrentFlow(step)
        case .forwardToParentFlow(let step): .forwardToParentFlow(step)
        }
    }
}
