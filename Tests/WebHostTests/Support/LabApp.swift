import FlowCore
import FlowHostApp
import Foundation
import HTMLPresenter
import HummingbirdTesting
import Logging
import WebHost

enum LabStep: Step, Equatable {
    case start
    case page(Int)
    case sheet
    case closeSheet
}

/// Page n of the lab: Next pushes page n+1, Later pushes it after a delay (a stepper that emits
/// on its own), Rename is a form that refuses an empty name, Sheet presents a modal, Unlock is a
/// form with a secret PIN (``LabPageModel/pin`` unlocks the page, as a password signs in).
final class LabPageModel: HTMLViewModel, Stepper {
    let steps = Steps()
    let number: Int
    private let clock: FlowClock
    private let laterDelay: Duration
    private(set) var name = ""
    private(set) var isUnlocked = false
    /// The PIN that unlocks a page.
    nonisolated static let pin = "2718"

    init(number: Int, clock: FlowClock, laterDelay: Duration) {
        self.number = number
        self.clock = clock
        self.laterDelay = laterDelay
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "number": .string("\(number)"), "name": .string(name),
            "next": actions.step(LabStep.page(number + 1)),
            "sheet": actions.step(LabStep.sheet),
            "later": actions.run { [steps, number, clock, laterDelay] in
                Task { @MainActor in
                    try? await clock.sleep(for: laterDelay)
                    steps.send(LabStep.page(number + 1))
                }
            },
            "rename": actions.form(fields: ["name"]) { [weak self] fields in
                let name = fields["name"] ?? ""
                guard name.count >= 2 else { return .invalid(["name": "A name has at least two letters."]) }
                self?.name = name
                return .accepted
            },
            "unlocked": .bool(isUnlocked),
            "unlock": actions.form(fields: [.secret("pin")]) { [weak self] fields in
                guard fields["pin"] == Self.pin else { return .invalid(["pin": "Wrong PIN."]) }
                self?.isUnlocked = true
                return .accepted
            },
        ]
    }
}

final class LabSheetModel: HTMLViewModel, Stepper {
    let steps = Steps()

    func templateValues(actions: ScreenActions) -> TemplateValue {
        ["close": actions.step(LabStep.closeSheet)]
    }
}

/// A tab bar: the Stack tab is a navigation stack of lab pages, the About tab one screen.
final class LabFlow: Flow {
    let tabs = HTMLTabBarController()
    let stack = HTMLNavigationController()
    let clock: FlowClock
    let laterDelay: Duration
    /// The sheet's template: another one is a later build whose sheet is another screen.
    let sheetTemplate: String
    var root: any Presentable { tabs }

    init(clock: FlowClock, laterDelay: Duration, sheetTemplate: String = "lab/sheet") {
        self.clock = clock
        self.laterDelay = laterDelay
        self.sheetTemplate = sheetTemplate
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? LabStep else { return .none }
        switch step {
        case .start:
            let about = HTMLViewController(template: "lab/about", title: "About")
            about.tabBarItem = TabBarItem(title: "About", icon: "circle")
            stack.tabBarItem = TabBarItem(title: "Stack", icon: "list")
            tabs.setViewControllers([stack, about])
            return show(1, push: false)
        case .page(let number):
            return show(number, push: true)
        case .sheet:
            let model = LabSheetModel()
            let sheet = HTMLViewController(template: sheetTemplate, viewModel: model, title: "Sheet")
            stack.present(HTMLNavigationController(rootViewController: sheet))
            return .one(flowContributor: .contribute(withNextPresentable: sheet, withNextStepper: model))
        case .closeSheet:
            stack.presentedViewController?.dismiss()
            return .none
        }
    }

    private func show(_ number: Int, push: Bool) -> FlowContributors {
        let model = LabPageModel(number: number, clock: clock, laterDelay: laterDelay)
        let page = HTMLViewController(template: "lab/page", viewModel: model, title: "Page \(number)")
        if push { stack.pushViewController(page) } else { stack.setViewControllers([page]) }
        return .one(flowContributor: .contribute(withNextPresentable: page, withNextStepper: model))
    }
}

let labTemplates = [
    "lab/page": """
    <h1>Page {{number}}</h1>
    <p class="name">{{name}}</p>
    <form method="post" action="{{next}}"><button>Next</button></form>
    <form method="post" action="{{later}}"><button>Later</button></form>
    <form method="post" action="{{sheet}}"><button>Sheet</button></form>
    <form method="post" action="{{rename}}">
    <input name="name" value="{{form.values.name}}">
    {{#form.errors.name}}<p class="error">{{.}}</p>{{/form.errors.name}}
    <button>Rename</button>
    </form>
    {{#unlocked}}<p class="unlocked">Unlocked</p>{{/unlocked}}
    <form method="post" action="{{unlock}}">
    <input name="pin" type="password" value="{{form.values.pin}}">
    {{#form.errors.pin}}<p class="error">{{.}}</p>{{/form.errors.pin}}
    <button>Unlock</button>
    </form>
    """,
    "lab/about": "<p>About the lab</p>",
    "lab/sheet": #"<form method="post" action="{{close}}"><button>Close</button></form>"#,
]

/// The lab flows a test's sessions started, held weakly (a test checks they are released).
@MainActor
final class LabFlows {
    private var references: [() -> LabFlow?] = []

    /// The flows still alive, oldest first; nil for released ones.
    var flows: [LabFlow?] { references.map { $0() } }

    func record(_ flow: LabFlow) {
        references.append { [weak flow] in flow }
    }
}

/// The lab as a web app; Later's step comes `laterDelay` after the click; `publicDirectory` is
/// served at `/public/`. `templates` replaces the lab's own; `library`, templates as loaded (with
/// their problems), replaces both. `testSource` is how a copied test makes it. `sheetTemplate`
/// is the sheet's template (another one is a later build of the lab; `templates` must have it).
func labApp(
    recorder: LabFlows? = nil, laterDelay: Duration = .milliseconds(150), publicDirectory: URL? = nil,
    templates: [String: String] = labTemplates, library: TemplateLibrary? = nil,
    testSource: ClickPathTestSource? = nil, sheetTemplate: String = "lab/sheet"
) throws -> WebApp {
    var app = try WebApp(
        templates: try library ?? TemplateLibrary(templates: templates),
        publicDirectory: publicDirectory,
        deepLinks: DeepLinks().adding("page/:number") { parameters in
            Int(parameters["number"] ?? "").map { LabStep.page($0) }
        }
    ) { window in
        let flow = LabFlow(clock: window.clock, laterDelay: laterDelay, sheetTemplate: sheetTemplate)
        recorder?.record(flow)
        window.rootViewController = flow.tabs
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: LabStep.start))
        return coordinator
    }
    app.testSource = testSource
    return app
}

/// Runs `test` against a lab server through HummingbirdTesting's router client.
/// `.live` runs a real server on a free port instead (for what needs a socket: a client that
/// hangs up). With `logs`, the server logs at info there; else warnings are printed.
func withLabServer(
    recorder: LabFlows? = nil, laterDelay: Duration = .milliseconds(150), publicDirectory: URL? = nil,
    library: TemplateLibrary? = nil, store: any ClickPathStore = MemoryClickPathStore(),
    testing: TestingSetup = .router, testSource: ClickPathTestSource? = nil,
    logs: RecordingLogHandler.Messages? = nil, studies: [StudyFile] = [],
    configure: @escaping (inout WebHostConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    var configuration = WebHostConfiguration()
    configuration.port = 0
    configure(&configuration)
    var logger =
        logs.map { logs in Logger(label: "lab") { _ in RecordingLogHandler(messages: logs) } } ?? Logger(label: "lab")
    logger.logLevel = logs == nil ? .warning : .info
    let server = FlowHostServer(
        app: try labApp(
            recorder: recorder, laterDelay: laterDelay, publicDirectory: publicDirectory, library: library,
            testSource: testSource),
        configuration: configuration, store: store, studies: studies, logger: logger)
    try await server.makeApplication().test(testing) { client in try await test(client) }
}
