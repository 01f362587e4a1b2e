import FlowCore
import FlowTesting
import HTMLPresenter
import Testing

/// A page writes its actions for what it is rendered for, whatever the app's markup: a served page
/// posts as the template says, a static export links each action to a file with GET (or disables
/// it, saying why), a covered layer leaves the attributes out; and each action's label is read as
/// the page renders.
@MainActor
@Suite("Pages rendered for what they link to")
struct PageLinksTests {
    /// A form that lists `action` last, a form without an action whose buttons each have a
    /// `formaction`, a link-looking action, a form that fills in what was typed, and public files
    /// named by a value and written in the template.
    let templates = try! TemplateLibrary(templates: [
        "screens/Markup": """
        <form class="x" action="{{go}}" method="post"><button type="submit"><span class="icon"></span>Go &amp; <em>{{title}}</em></button></form>
        <form method="post"><input name="q" value="{{form.values.q}}">\
        <button formaction="{{other}}">Other way</button>\
        <button type="submit" formaction="{{third}}" formmethod="post" class="y">Third</button>\
        <button type="button">Nothing</button></form>
        <a class="more" href="{{more}}">More <b>about</b> it</a>
        <img src="{{poster}}" alt=""><img class="logo" src="/public/logo.svg" alt="">
        """
    ])

    private func markup(samples: FormFields? = nil) -> HTMLViewController {
        screen("Markup") { actions in
            [
                "title": "Heat", "go": actions.step(ScreenStep.open(1)), "other": actions.step(ScreenStep.open(2)),
                "third": actions.form(fields: ["q"], samples: samples) { _ in .accepted },
                "more": actions.step(ScreenStep.open(3)),
                "poster": .publicFile("posters/1.svg"),
            ]
        }
    }

    /// `tree`'s page with actions 0 and 2 linked to state files and the others not followed.
    private func exported(_ tree: ScreenTree) throws -> RenderedPage {
        let files = [tree.actions[0].token: "state-1.html", tree.actions[2].token: "state-2.html"]
        let links = PageLinks(
            stylesheet: "flowhost/flowhost.css", publicFiles: "public/",
            actions: .resolve { files[$0].map(ActionTarget.link) ?? .disabled(reason: "Not crawled: too deep") })
        return try PageRenderer(templates: templates).renderPage(tree, links: links)
    }

    @Test("served: the markup as the template has it, each action a URL to post to")
    func served() throws {
        let window = HTMLWindow()
        window.rootViewController = markup()
        let tree = window.updatedScreenTree()
        let html = try PageRenderer(templates: templates).render(tree, links: .snapshot)
        let url = { (index: Int) in "/_action/" + tree.actions[index].token }
        #expect(html.contains(#"<form class="x" action="\#(url(0))" method="post">"#))
        #expect(html.contains(#"<button formaction="\#(url(1))">Other way</button>"#))
        #expect(html.contains(#"<button type="submit" formaction="\#(url(2))" formmethod="post" class="y">"#))
        #expect(html.contains(#"<a class="more" href="\#(url(3))">"#))
        #expect(html.contains(#"<img src="/public/posters/1.svg" alt="">"#))
        #expect(html.contains(#"<img class="logo" src="/public/logo.svg" alt="">"#))
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("exported: a followed action is a GET to its file, whatever order the attributes are in")
    func exportedLinks() throws {
        let window = HTMLWindow()
        window.rootViewController = markup()
        let html = try exported(window.updatedScreenTree()).html

        #expect(html.contains(#"<form class="x" action="state-1.html" method="get">"#))
        #expect(html.contains(#"<button type="submit" formaction="state-2.html" formmethod="get" class="y">"#))
        #expect(html.contains(#"<img src="public/posters/1.svg" alt="">"#))
        #expect(
            html.contains(#"<img class="logo" src="public/logo.svg" alt="">"#),
            "a public file written in the template is relative in an export too")
        #expect(!html.contains("/_action/") && !html.contains(#"method="post" action"#))
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("exported: an action not followed leaves out its attribute and disables its button, saying why")
    func exportedCut() throws {
        let window = HTMLWindow()
        window.rootViewController = markup()
        let html = try exported(window.updatedScreenTree()).html

        #expect(html.contains(#"<button disabled title="Not crawled: too deep">Other way</button>"#))
        #expect(html.contains(#"<a class="more" aria-disabled="true" title="Not crawled: too deep">"#))
        #expect(html.contains(#"<button type="button">Nothing</button>"#), "a button that sends nothing stays")
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("a form whose own action is not followed disables the buttons that send it")
    func exportedCutForm() throws {
        let window = HTMLWindow()
        window.rootViewController = markup()
        let tree = window.updatedScreenTree()
        let links = PageLinks(
            stylesheet: "", publicFiles: "", actions: .resolve { _ in .disabled(reason: "Not crawled") })
        let html = try PageRenderer(templates: templates).render(tree, links: links)

        #expect(html.contains(#"<form class="x" method="post"><button type="submit" disabled title="Not crawled">"#))
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("each action's label is the text of what a person clicks, read as the page renders")
    func labels() throws {
        let window = HTMLWindow()
        window.rootViewController = markup()
        let tree = window.updatedScreenTree()
        let page = try exported(tree)

        #expect(page.label(of: tree.actions[0].token) == "Go & Heat")
        #expect(page.label(of: tree.actions[1].token) == "Other way")
        #expect(page.label(of: tree.actions[2].token) == "Third")
        #expect(page.label(of: tree.actions[3].token) == "More about it")
    }

    @Test("a covered screen's actions have no attribute at all")
    func covered() throws {
        let window = HTMLWindow()
        let root = markup()
        window.rootViewController = root
        let alert = HTMLAlertController(title: "Sure?")
        alert.addAction(HTMLAlertAction(title: "OK", style: .cancel))
        root.present(alert)
        let html = try PageRenderer(templates: templates).render(window.updatedScreenTree(), links: .snapshot)

        #expect(html.contains(#"<form class="x" method="post"><button type="submit">"#))
        #expect(html.contains(#"<button formaction"#) == false)
        #expect(html.contains(#"<a class="more">"#))
        #expect(html.components(separatedBy: #"action=""#).count - 1 == 1, "only the alert's button acts")
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("an export's forms are listed beside the phone, each sending a link; the form shows what the app shows")
    func exportedForms() throws {
        let window = HTMLWindow()
        window.rootViewController = markup(samples: ["q": "heat"])
        let tree = window.updatedScreenTree()
        var links = PageLinks(
            stylesheet: "flowhost/flowhost.css", publicFiles: "public/",
            actions: .resolve { _ in .link("state-1.html") })
        links.forms = [
            ExportedForm(
                title: "Third",
                sendings: [
                    .init(label: "Send the sample", values: ["q: heat"], url: "state-1.html", outcome: "Results"),
                    .init(
                        label: "Send empty", values: [], url: "state-2.html", outcome: "Search, saying “Type a word.”"),
                    .init(label: "Send it twice", values: [], url: nil, outcome: "not followed: too deep"),
                ])
        ]
        let html = try PageRenderer(templates: templates).render(tree, links: links)

        #expect(html.contains(#"<input name="q" value="">"#), "the samples are not typed into the form")
        #expect(html.contains(#"<a class="exported-form-link" href="state-2.html">Send empty</a>"#))
        #expect(html.contains(#"<span class="exported-form-values">q: heat</span>"#))
        #expect(html.contains("Search, saying “Type a word.”"))
        #expect(html.contains(#"<span class="exported-form-link" aria-disabled="true">Send it twice</span>"#))
        #expect(html.components(separatedBy: "exported-form-values").count - 1 == 1, "no values, no line for them")
        #expect(HTMLValidator.problems(in: html) == [])
        #expect(!(try PageRenderer(templates: templates).render(tree, links: .snapshot)).contains("exported-forms"))
    }
}
