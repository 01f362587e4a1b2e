import FlowCore
import FlowTesting
import HTMLPresenter
import Testing

@MainActor
@Suite("Contributing a screen that carries its stepper")
struct ContributeScreenTests {
    @Test("the screen's view model is its stepper, gated by the screen")
    func viewModelStepsAreNavigatedWhileVisible() async {
        // Given a flow whose opened screen is contributed with `.contribute(withNext:)`
        let flow = RecordingFlow(rootScreen: screen("root"))
        let opened = screen("opened")
        flow.onOpen = { _ in
            flow.rootScreen.present(opened)
            return .one(flowContributor: .contribute(withNext: opened))
        }
        let store = FlowTestStore(flow: flow, inWindow: true)
        await store.send(ScreenStep.open(1))

        // When the screen's view model emits while it is on screen, the flow navigates the step
        let model = opened.viewModel as! ScreenModel
        await store.emit(ScreenStep.done, from: model)
        #expect(flow.recorded == [.done])

        // And once it is dismissed, its steps are dropped
        opened.dismiss()
        let entries = await store.emit(ScreenStep.logout, from: model)
        #expect(flow.recorded == [.done])
        #expect(entries.first?.outcome.dropReason != nil)
    }

    @Test("a screen without a stepper contributes nothing to listen to")
    func screenWithoutStepper() async {
        let flow = RecordingFlow(rootScreen: screen("root"))
        flow.onOpen = { _ in .one(flowContributor: .contribute(withNext: HTMLViewController(template: "plain"))) }
        let store = FlowTestStore(flow: flow, inWindow: true)
        let entries = await store.send(ScreenStep.open(1))
        #expect(entries.first?.outcome.contributions.count == 1)
        #expect(entries.first?.outcome.dropReason == nil)
    }
}
