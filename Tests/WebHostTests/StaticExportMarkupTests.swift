import FlowCore
import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPresenter
import Testing

/// An app whose templates mark up their actions their own way (attributes in another order,
/// `formaction` buttons in a form with no action, a link): crawled and exported, every action the
/// crawl followed is a working link of the export, and the others say why they are not.
@MainActor
@Suite("Exporting an app's own markup")
struct StaticExportMarkupTests {
    private enum MarkupStep: Step {
        case open(Int)
    }

    private final class StartModel: HTMLViewModel, Stepper {
        let steps = Steps()

        func templateValues(actions: ScreenActions) -> TemplateValue {
            [
                "title": "Heat", "go": actions.step(MarkupStep.open(1)), "other": actions.step(MarkupStep.open(2)),
                "third": actions.form(fields: ["q"], samples: ["q": "heat"]) { [steps] _ in
                    steps.send(MarkupStep.open(3))
                    return .accepted
                },
                "more": actions.step(MarkupStep.open(4)),
            ]
        }
    }

    private final class PageModel: HTMLViewModel, Stepper {
        let steps = Steps()
        let number: Int

        init(number: Int) {
            self.number = number
        }

        func templateValues(actions: ScreenActions) -> TemplateValue {
            ["deeper": actions.step(MarkupStep.open(number + 10))]
        }
    }

    private final class MarkupFlow: Flow {
        let navigation = HTMLNavigationController()
        var root: any Presentable { navigation }

        func navigate(to step: any Step) -> FlowContributors {
            guard case .open(let number) = step as? MarkupStep else { return .none }
            let model = PageModel(number: number)
            let page = HTMLViewController(template: "markup/page", viewModel: model, title: "Page \(number)")
            navigation.pushViewController(page)
            return .one(flowContributor: .contribute(withNextPresentable: page, withNextStepper: model))
        }
    }

    private static let templates = [
        "markup/start": """
        <form class="x" action="{{go}}" method="post"><button type="submit">Go &amp; <em>{{title}}</em></button></form>
        <form method="post"><input name="q" value="{{form.values.q}}">\
        <button formaction="{{other}}">Other way</button><button formaction="{{third}}">Third</button></form>
        <a class="more" href="{{more}}">More <b>about</b> it</a>
        """,
        "markup/page": #"<button form="f" formaction="{{deeper}}">Deeper</button><form id="f" method="post"></form>"#,
    ]

    private static func app() throws -> WebApp {
        try WebApp(templates: try TemplateLibrary(templates: templates)) { window in
            let flow = MarkupFlow()
            let model = StartModel()
            let start = HTMLViewController(template: "markup/start", viewModel: model, title: "Start")
            flow.navigation.setViewControllers([start])
            window.rootViewController = flow.navigation
            let coordinator = FlowCoordinator()
            coordinator.coordinate(flow: flow, with: model)
            return coordinator
        }
    }

    @Test("every followed action is a GET to its state's file, labelled with its button's text; the others say why")
    func exportLinksEveryButton() async throws {
        let app = try Self.app()
        var options = CrawlOptions()
        options.maxStates = 5
        let crawl = try await Crawler(app: app, options: options).crawl()
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-markup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try StaticExport(crawl: crawl, app: app, dotSearchPath: "/nonexistent").write(to: folder)
        func page(_ state: Int) throws -> String {
            try String(contentsOf: folder.appending(path: StaticExport.file(ofState: state)), encoding: .utf8)
        }

        // The labels are the buttons' and the link's texts
        let labels = crawl.map.edges.filter { $0.from == 0 }.map(\.label)
        #expect(labels == ["Go & Heat", "Other way", "Third (sample)", "Third (empty)", "More about it"])

        // Every action of the start page links to the file of the state it leads to, with GET
        let start = try page(0)
        let file = { (label: String) in
            StaticExport.file(ofState: crawl.map.edges.first { $0.from == 0 && $0.label == label }?.to ?? -1)
        }
        #expect(start.contains(#"<form class="x" action="\#(file("Go & Heat"))" method="get">"#))
        #expect(start.contains(#"<button formaction="\#(file("Other way"))" formmethod="get">Other way</button>"#))
        #expect(start.contains(#"<button formaction="\#(file("Third (sample)"))" formmethod="get">Third</button>"#))
        #expect(start.contains(#"<a class="more" href="\#(file("More about it"))">"#))
        #expect(start.contains(#"<input name="q" value="">"#), "the form shows what the app shows, not its samples")
        #expect(start.contains(#"<a class="exported-form-link" href="\#(file("Third (empty)"))">Send empty</a>"#))
        for state in 1...4 {
            #expect(FileManager.default.fileExists(atPath: folder.appending(path: "state-\(state).html").path))
        }
        #expect(Set(["Go & Heat", "Other way", "Third (sample)", "More about it"].map(file)).count == 4)

        // An action the bound kept the crawl from following is a disabled button that says why
        let deeper = try page(crawl.map.edges.first { $0.from == 0 && $0.label == "Go & Heat" }?.to ?? -1)
        #expect(
            deeper.contains(
                #"<button form="f" disabled title="Not crawled: past 5 states (--max-states)">Deeper</button>"#))
        #expect(!deeper.contains("/_action/"))
    }
}
