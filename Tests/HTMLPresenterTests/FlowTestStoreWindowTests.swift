import FlowCore
import FlowTesting
import HTMLPresenter
import Testing

@MainActor
@Suite("FlowTestStore in a window")
struct FlowTestStoreWindowTests {
    /// A flow whose list screen's model opens a detail.
    final class ListFlow: Flow {
        let navigationController = HTMLNavigationController()
        var root: any Presentable { navigationController }

        func navigate(to step: any Step) -> FlowContributors {
            guard let step = step as? ScreenStep, case .open(let number) = step else { return .none }
            let next = screen("screen-\(number)")
            navigationController.pushViewController(next, animated: true)
            return .one(flowContributor: .contribute(withNext: next))
        }
    }

    @Test("inWindow shows the flow's root, so its screens' steps are navigated")
    func inWindowScreensAreVisible() async {
        let store = FlowTestStore(flow: ListFlow(), initialStep: ScreenStep.open(1), inWindow: true)
        await store.settle()
        let first = store.flow.navigationController.topViewController!
        let entries = await store.emit(ScreenStep.open(2), from: first.stepper!)
        #expect(entries.first?.outcome.dropReason == nil)
        #expect(store.window.updatedScreenTree().visibleScreen?.title == "screen-2")
    }

    @Test("without a window, the same step is dropped as not visible")
    func withoutWindowStepsAreDropped() async {
        let store = FlowTestStore(flow: ListFlow(), initialStep: ScreenStep.open(1))
        await store.settle()
        let first = store.flow.navigationController.topViewController!
        let entries = await store.emit(ScreenStep.open(2), from: first.stepper!)
        #expect(entries.first?.outcome.dropReason == .notVisible)
        #expect(store.window.rootViewController == nil)
    }

    @Test("a flow that owns its window is hosted in that window")
    func flowOwningItsWindow() async {
        final class WindowFlow: Flow {
            let window = HTMLWindow()
            var root: any Presentable { window }
            func navigate(to step: any Step) -> FlowContributors {
                window.rootViewController = screen("home")
                return .none
            }
        }
        let flow = WindowFlow()
        let store = FlowTestStore(flow: flow, initialStep: ScreenStep.done, inWindow: true)
        await store.settle()
        #expect(store.window === flow.window)
        #expect(store.window.updatedScreenTree().visibleScreen?.title == "home")
    }
}
