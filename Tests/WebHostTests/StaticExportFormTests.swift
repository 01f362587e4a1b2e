import FlowCore
import FlowCrawl
import FlowHostApp
import FlowTesting
import Foundation
import HTMLPresenter
import Testing

/// A sign-up form in a static export, as a newcomer's prototype has one (issue 43): the state its
/// empty sending shows (a field error) is reached from the form's page, and every page shows the
/// values the app showed, as the whole-app snapshot of the same state does.
@MainActor
@Suite("Exporting a form's states")
struct StaticExportFormTests {
    private enum OnboardStep: Step {
        case signUp, signedUp
    }

    private final class WelcomeModel: HTMLViewModel, Stepper {
        let steps = Steps()

        func templateValues(actions: ScreenActions) -> TemplateValue {
            ["start": actions.step(OnboardStep.signUp)]
        }
    }

    private final class SignUpModel: HTMLViewModel, Stepper {
        let steps = Steps()

        func templateValues(actions: ScreenActions) -> TemplateValue {
            [
                "signUp": actions.form(
                    fields: ["name", "email"], samples: ["name": "Ada", "email": "ada@example.com"]
                ) {
                    [steps] fields in
                    guard let name = fields["name"], !name.isEmpty else {
                        return .invalid(["name": "Enter your name."])
                    }
                    steps.send(OnboardStep.signedUp)
                    return .accepted
                }
            ]
        }
    }

    private final class OnboardFlow: Flow {
        let navigation = HTMLNavigationController()
        var root: any Presentable { navigation }

        func navigate(to step: any Step) -> FlowContributors {
            switch step as? OnboardStep {
            case .signUp?:
                let model = SignUpModel()
                let screen = HTMLViewController(template: "onboard/signup", viewModel: model, title: "Sign Up")
                navigation.pushViewController(screen)
                return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: model))
            case .signedUp?:
                navigation.setViewControllers([HTMLViewController(template: "onboard/home", title: "Home")])
                return .none
            case nil:
                return .none
            }
        }
    }

    private static let templates = [
        "onboard/welcome": #"<h1>Welcome</h1><form method="post" action="{{start}}"><button>Sign up</button></form>"#,
        "onboard/signup": """
        <form method="post" action="{{signUp}}">
        <label>Name <input name="name" value="{{form.values.name}}"></label>
        {{#form.errors.name}}<p class="field-error">{{form.errors.name}}</p>{{/form.errors.name}}
        <label>Email <input name="email" type="email" value="{{form.values.email}}"></label>
        <button type="submit">Sign Up</button>
        </form>
        """,
        "onboard/home": "<h1>Home</h1>",
    ]

    private static func app() throws -> WebApp {
        try WebApp(templates: try TemplateLibrary(templates: templates)) { window in
            let flow = OnboardFlow()
            let model = WelcomeModel()
            let welcome = HTMLViewController(template: "onboard/welcome", viewModel: model, title: "Welcome")
            flow.navigation.setViewControllers([welcome])
            window.rootViewController = flow.navigation
            let coordinator = FlowCoordinator()
            coordinator.coordinate(flow: flow, with: model)
            return coordinator
        }
    }

    /// Each `<input>`'s `name` and `value`, in order.
    private static func inputs(in html: String) -> [String] {
        html.matches(of: /<input [^>]*>/).map { match in
            let tag = String(match.output)
            let name = tag.firstMatch(of: #/ name="([^"]*)"/#)?.output.1 ?? "?"
            let value = tag.firstMatch(of: #/ value="([^"]*)"/#)?.output.1 ?? "(none)"
            return "\(name)=\(value)"
        }
    }

    @Test("the form's error state is linked from the form's page, and every page shows the values its snapshot shows")
    func errorStateAndValues() async throws {
        let app = try Self.app()
        let crawl = try await Crawler(app: app).crawl()
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-form-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try StaticExport(crawl: crawl, app: app, dotSearchPath: "/nonexistent").write(to: folder)
        func page(_ state: Int) throws -> String {
            try String(contentsOf: folder.appending(path: StaticExport.file(ofState: state)), encoding: .utf8)
        }

        // Given the sign-up page and the state its empty sending showed
        let signUp = try #require(
            crawl.map.states.first { $0.template == "onboard/signup" && $0.clickPath.entries.count == 1 })
        let empty = try #require(crawl.map.edges.first { $0.from == signUp.id && $0.fields == FormFields() })
        let errorState = try #require(empty.to)
        #expect(try page(errorState).contains("Enter your name."))

        // The form's page links to it, labelled, and says what each sending sends and shows
        let html = try page(signUp.id)
        #expect(
            html.contains(
                #"<a class="exported-form-link" href="\#(StaticExport.file(ofState: errorState))">Send empty</a>"#))
        #expect(html.contains(#"<span class="exported-form-values">name: Ada, email: ada@example.com</span>"#))
        #expect(html.contains("Sign Up, saying “Enter your name.”"))
        #expect(html.contains("Home"))

        // Every page shows the values the whole-app snapshot of its state shows: none typed after an empty sending
        let renderer = PageRenderer(templates: app.templates)
        for (state, crawled) in zip(crawl.map.states, crawl.pages) {
            let snapshot = try renderer.render(crawled.tree, links: .snapshot)
            #expect(
                Self.inputs(in: try page(state.id)) == Self.inputs(in: snapshot), "state \(state.id), \(state.title)")
        }
        #expect(Self.inputs(in: try page(errorState)) == ["name=", "email="])
    }
}
