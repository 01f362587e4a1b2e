import FlowCore
import FlowTesting

/// A flow whose navigation and adaptation the test decides, and which remembers what it navigated.
final class TestFlow: Flow {
    let root: any Presentable
    private(set) var navigated: [TestStep] = []
    private(set) var adapted: [TestStep] = []
    var onNavigate: @MainActor (TestStep) -> FlowContributors
    var onAdapt: @MainActor (TestStep) async -> (any Step)?

    init(
        root: any Presentable = TestPresentable("root"),
        onNavigate: @escaping @MainActor (TestStep) -> FlowContributors = { _ in .none },
        onAdapt: @escaping @MainActor (TestStep) async -> (any Step)? = { $0 }
    ) {
        self.root = root
        self.onAdapt = onAdapt
        self.onNavigate = onNavigate
    }

    func adapt(step: any Step) async -> (any Step)? {
        guard let step = step as? TestStep else { return nil }
        adapted.append(step)
        return await onAdapt(step)
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? TestStep else { return .none }
        navigated.append(step)
        return onNavigate(step)
    }
}
