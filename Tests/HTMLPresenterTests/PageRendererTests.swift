import FlowCore
import FlowTesting
import HTMLPresenter
import Testing

@MainActor
@Suite("PageRenderer")
struct PageRendererTests {
    let templates = try! TemplateLibrary(templates: [
        "screens/Movies": """
        <ul class="list">{{#movies}}<li><form method="post" action="{{open}}" class="action">\
        <button type="submit" class="cell is-link">{{title}}</button></form></li>{{/movies}}</ul>\
        {{^movies}}<p>None</p>{{/movies}}
        """,
        "screens/Heat": "<p class=\"hero-title\">{{title}}</p>",
    ])

    @Test("a page is the chrome around the visible screen, valid HTML, values escaped")
    func rendersChromeAroundScreen() throws {
        // Given a navigation stack Movies > Heat inside a tab bar, Heat's title needing escaping
        let window = HTMLWindow()
        window.rootViewController = tabBar(around: movies(titled: "Heat <1995>"))

        // When the page is rendered for a session listening at /events
        var links = PageLinks.snapshot
        links.events = "/events"
        let html = try PageRenderer(templates: templates).render(window.updatedScreenTree(), links: links)

        // Then it holds the screen's content, escaped, inside the tab bar chrome, and is valid HTML
        #expect(html.contains("Heat &lt;1995&gt;"))
        #expect(html.contains("class=\"tab is-selected\""))
        #expect(html.contains("data-events=\"/events\""))
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("what an alert or a sheet covers has no live forms and no second main landmark")
    func coveredLayersCannotAct() throws {
        // Given Movies in a tab bar, under a sheet, and the sheet under an alert
        let window = HTMLWindow()
        let list = movies(titled: "Heat")
        window.rootViewController = tabBar(around: list)
        let sheet = movies(titled: "Casino")
        list.present(HTMLNavigationController(rootViewController: sheet))
        let alert = HTMLAlertController(title: "Restricted")
        alert.addAction(HTMLAlertAction(title: "OK", style: .cancel))
        sheet.present(alert)

        // When the page is rendered
        let html = try PageRenderer(templates: templates).render(window.updatedScreenTree(), links: .snapshot)

        // Then only the alert's form posts anywhere; the covered controls are disabled, and only
        // the top layer is the page's main landmark
        #expect(html.components(separatedBy: "action=\"").count - 1 == 1)
        #expect(html.contains(#"<fieldset class="covered" disabled>"#))
        #expect(html.contains(#"<button type="submit" class="tab is-selected" aria-current="page" disabled>"#))
        #expect(html.components(separatedBy: "<main").count - 1 == 1)
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("a message page explains a problem in the phone frame, escaped, with one link onward")
    func messagePage() {
        let html = PageRenderer(templates: templates).renderMessage(
            title: "Link not found", message: "Nothing lives at /link/<x>.", linkTitle: "Go to the current screen",
            linkURL: "/", links: .snapshot)

        #expect(html.contains("<title>Link not found</title>"))
        #expect(html.contains("Nothing lives at /link/&lt;x&gt;."))
        #expect(html.contains(#"<a class="button primary" href="/">Go to the current screen</a>"#))
        #expect(html.contains(#"class="device""#))
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("a screen naming a missing template is a clear render error")
    func unknownTemplate() {
        let window = HTMLWindow()
        window.rootViewController = HTMLViewController(template: "nope")
        #expect(throws: RenderError.unknownTemplate("nope")) {
            try PageRenderer(templates: templates).render(window.updatedScreenTree(), links: .snapshot)
        }
    }

    @Test("broken templates stop loading with file:line:col lines")
    func brokenTemplatesStopLoading() {
        #expect {
            try TemplateLibrary(templates: ["a": "<div>\n<span></div>", "b": "{{#x}}"])
        } throws: { error in
            let lines = (error as? TemplateLoadError)?.messages ?? []
            return lines.count == 2 && lines[0].hasPrefix("a.mustache:2:1: Unclosed element <span>")
                && lines[1].hasPrefix("b.mustache:")
        }
    }

    @Test("a templates folder that does not exist is an error, not an empty library")
    func missingFolder() {
        #expect {
            try TemplateLibrary(directory: "/no/such/folder")
        } throws: { error in
            (error as? TemplateLoadError)?.messages == ["/no/such/folder: no such template directory"]
        }
    }

    private func movies(titled title: String) -> HTMLViewController {
        screen("Movies") { actions in
            ["movies": [["title": .string(title), "open": actions.step(ScreenStep.open(1))]]]
        }
    }

    private func tabBar(around root: HTMLViewController) -> HTMLTabBarController {
        let navigation = HTMLNavigationController(rootViewController: root)
        navigation.tabBarItem = TabBarItem(title: "Movies", icon: "film")
        let tabs = HTMLTabBarController()
        tabs.setViewControllers([navigation])
        return tabs
    }
}
