import FlowCore
import HTMLPresenter

enum HelloStep: Step { case hello, more }

/// Each "More" pushes another screen: `Templates/hello.mustache` is `<a href="{{more}}">More</a>`.
final class HelloFlow: Flow {
    let navigation = HTMLNavigationController()
    var root: any Presentable { navigation }

    func navigate(to step: any Step) -> FlowContributors {
        let screen = HTMLViewController(template: "hello", viewModel: HelloViewModel(), title: "\(step)")
        navigation.pushViewController(screen, animated: true)
        return .one(flowContributor: .contribute(withNext: screen))  // listen to the screen's steps
    }
}

final class HelloViewModel: HTMLViewModel, Stepper {
    let steps = Steps()
    func templateValues(actions: ScreenActions) -> TemplateValue { ["more": actions.step(HelloStep.more)] }
}
