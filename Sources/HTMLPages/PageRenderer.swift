import HTMLPresenter
import HTMLTemplates

/// Turns a `ScreenTree` (HTMLPresenter) into the page: the chrome (status bar, each container's bar, sheets, alert)
/// around the visible screen's template, with the links it is given (``PageLinks``): a served
/// page's URLs, a static export's files. A pure function of its input, safe off the main actor.
///
/// ```swift
/// let renderer = PageRenderer(templates: try TemplateLibrary(directory: templatesDirectory))
/// let tree = window.updatedScreenTree()  // on the main actor
/// let html = try await Task.detached { try renderer.render(tree, links: links) }.value
/// ```
public struct PageRenderer: Sendable {
    /// The app's templates and the chrome.
    public let templates: TemplateLibrary

    /// A renderer with these templates.
    public init(templates: TemplateLibrary) {
        self.templates = templates
    }

    /// The whole page for `tree`, linking to what `links` says; `notice` is one line outside the
    /// phone frame (a replay that stopped early says where). While the templates have
    /// `TemplateLibrary.problems`, the page shows them over everything; with `problemDetails`
    /// false (a shared demo) it shows no file, line or source, only that the screen has a template
    /// problem, and only when a template of the page never loaded.
    public func render(_ tree: ScreenTree, links: PageLinks, notice: String? = nil, problemDetails: Bool = true)
        throws(RenderError) -> String
    {
        try renderHTML(tree, links: links, notice: notice, problemDetails: problemDetails).text
    }

    /// The whole page for `tree` as ``render(_:links:notice:problemDetails:)`` writes it, as the
    /// UTF-8 bytes it was written in: what the web host compresses, without a `String` made of them.
    package func renderHTML(
        _ tree: ScreenTree, links: PageLinks, notice: String? = nil, problemDetails: Bool = true
    ) throws(RenderError) -> HTMLOutput {
        var context = links.renderContext()
        var output = HTMLOutput()
        try page(tree, links: links, notice: notice, problemDetails: problemDetails, context: &context, into: &output)
        return output
    }

    /// The whole page for `tree`, as ``render(_:links:notice:problemDetails:)`` writes it, and its
    /// actions with the labels a person reads on them (each screen's content first, then the bars
    /// and the alert).
    public func renderPage(
        _ tree: ScreenTree, links: PageLinks, notice: String? = nil, problemDetails: Bool = true
    ) throws(RenderError) -> RenderedPage {
        var context = links.renderContext(readingLabels: true)
        var output = HTMLOutput()
        try page(tree, links: links, notice: notice, problemDetails: problemDetails, context: &context, into: &output)
        return RenderedPage(html: output.text, actions: context.actions)
    }

    private func page(
        _ tree: ScreenTree, links: PageLinks, notice: String?, problemDetails: Bool, context: inout RenderContext,
        into output: inout HTMLOutput
    ) throws(RenderError) {
        var layers: [TemplateValue] = []
        var lacksTemplate = false
        for (index, layer) in tree.layers.enumerated() {
            let (value, lacks) = try layerValue(layer, isTop: index == tree.layers.count - 1, context: &context)
            layers.append(value)
            lacksTemplate = lacksTemplate || lacks
        }
        var page = [TemplateKey: TemplateValue](minimumCapacity: 12)
        page[ChromeKey.title] = .string(
            tree.visibleScreen.map { $0.title.isEmpty ? "FlowHost" : $0.title } ?? "FlowHost")
        page[ChromeKey.layers] = .list(layers)
        page[ChromeKey.stylesheetURL] = .string(links.stylesheet)
        if let script = links.script { page[ChromeKey.scriptURL] = .string(script) }
        if let events = links.events { page[ChromeKey.eventsURL] = .string(events) }
        if let screenURL = links.screenURL { page[ChromeKey.screenURL] = .string(screenURL) }
        if let notice { page[ChromeKey.notice] = .string(notice) }
        if let share = links.share { page[ChromeKey.shareURL] = .string(share) }
        if let inspector = links.inspector { page[ChromeKey.inspectorURL] = .string(inspector) }
        if let map = links.flowMap { page[ChromeKey.flowMapURL] = .string(map) }
        if let refresh = links.refresh {
            page[ChromeKey.refresh] = ["url": .string(refresh.url), "seconds": .int(refresh.seconds)]
        }
        if let alert = tree.alert { page[ChromeKey.alert] = alertValue(alert) }
        if let prompt = links.taskPrompt { page[ChromeKey.taskPrompt] = prompt.templateValue }
        if let comments = links.comments { page[ChromeKey.comments] = comments.templateValue }
        if !links.forms.isEmpty {
            page[ChromeKey.exportedForms] = ["forms": .list(links.forms.map(\.templateValue))]
        }
        if !templates.problems.isEmpty, problemDetails {
            page[ChromeKey.templateProblems] = problemsValue(templates.problems)
        } else if lacksTemplate {
            page[ChromeKey.templateProblems] = [
                "summary": "This screen has a template problem",
                "hint": "It shows again once the prototype's templates are fixed.",
            ]
        }
        try Chrome.templates.render(.object(page), template: Chrome.prefix + "page", context: &context, into: &output)
    }

    /// A page that explains a problem (a stale click, an unknown link) in the phone frame, with one
    /// link onward.
    ///
    /// ```swift
    /// let page = renderer.renderMessage(
    ///     title: "Page not found", message: "No screen lives at /link/x.", linkTitle: "Go to the current screen",
    ///     linkURL: "/", links: links)
    /// ```
    public func renderMessage(title: String, message: String, linkTitle: String, linkURL: String, links: PageLinks)
        -> String
    {
        let values: TemplateValue = [
            "title": .string(title), "message": .string(message), "linkTitle": .string(linkTitle),
            "linkURL": .string(linkURL), "stylesheetURL": .string(links.stylesheet),
        ]
        return Chrome.render(values, template: "message")
    }

    /// The page that hands out a share link: the absolute `link` as text (with a Copy button when
    /// scripts run), a `note` under it when given (where the link opens), until when it opens
    /// (`expires`, as the page should say it), a button that revokes it when `revokeURL` is given
    /// (the page is its sharer's), and a way back to the prototype at `backURL`; with the
    /// stylesheet and script of `links`.
    public func renderShare(
        link: String, note: String? = nil, expires: String, revokeURL: String?, backURL: String, links: PageLinks
    ) -> String {
        var values: [TemplateKey: TemplateValue] = [
            "link": .string(link), "expires": .string(expires), "backURL": .string(backURL),
            "stylesheetURL": .string(links.stylesheet),
        ]
        if let script = links.script { values["scriptURL"] = .string(script) }
        if let note { values["note"] = .string(note) }
        if let revokeURL { values["revokeURL"] = .string(revokeURL) }
        return Chrome.render(.object(values), template: "share")
    }

    /// A page of a study's own in the phone frame (its welcome, its thank-you): `title`, `message`
    /// and, when `formURL` is given, one button, `buttonTitle`, that posts there.
    public func renderStudyPage(
        title: String, message: String, formURL: String? = nil, buttonTitle: String = "", links: PageLinks
    ) -> String {
        var values: [TemplateKey: TemplateValue] = [
            "title": .string(title), "message": .string(message), "stylesheetURL": .string(links.stylesheet),
        ]
        if let formURL { values["form"] = ["url": .string(formURL), "button": .string(buttonTitle)] }
        return Chrome.render(.object(values), template: "study")
    }

    /// The visible screen's content alone, without the chrome (for fragment snapshots), linking to
    /// what `links` says.
    public func renderContent(of screen: ScreenSnapshot, links: PageLinks) throws(RenderError) -> String {
        var context = links.renderContext()
        return try content(of: screen, context: &context).html.markup
    }

    /// The screen's content, and whether its template never loaded (its file has a problem: the
    /// page shows the problem instead).
    private func content(of screen: ScreenSnapshot, context: inout RenderContext) throws(RenderError)
        -> (html: RenderedHTML, lacksTemplate: Bool)
    {
        guard let template = screen.template, let values = screen.values else { return (RenderedHTML(""), false) }
        var output = HTMLOutput()
        do {
            try templates.render(values, template: template, context: &context, into: &output)
            return (RenderedHTML(output), false)
        } catch .unknownTemplate where !templates.problems.isEmpty {
            return (RenderedHTML(""), true)
        }
    }

    /// The layer's template value, and whether its screen's template or a bar's never loaded.
    private func layerValue(_ layer: ScreenLayer, isTop: Bool, context: inout RenderContext) throws(RenderError)
        -> (TemplateValue, Bool)
    {
        // A covered screen is issued no actions: its action attributes are left out, so inside the
        // layer's disabled fieldset nothing in it can be submitted.
        let (content, lacksContent) = try content(of: layer.screen, context: &context)
        var lacksTemplate = lacksContent
        var value = [TemplateKey: TemplateValue](minimumCapacity: 10)
        value[ChromeKey.isBase] = .bool(layer.style == .window)
        value[ChromeKey.isSheet] = .bool(layer.style == .pageSheet)
        value[ChromeKey.isFullScreen] = .bool(layer.style == .fullScreen)
        value[ChromeKey.isTop] = .bool(isTop)
        value[ChromeKey.isInteractive] = .bool(layer.isInteractive)
        value[ChromeKey.content] = .html(content)
        // The bars come the nearest container's first: the outermost's top bar is drawn highest, the
        // innermost's bottom bar right under the content. Each list holds the markup (or the class
        // name) itself, which the layer template writes as `{{{.}}}` (`{{.}}`): no object a bar.
        var topBars: [TemplateValue] = []
        var bottomBars: [TemplateValue] = []
        var headers: [TemplateValue] = []
        var classes: [TemplateValue] = []
        for bar in layer.bars {
            var values = bar.templateValue
            values[ChromeKey.isTop] = .bool(isTop)
            guard let html = try render(values, template: type(of: bar).template, context: &context) else {
                lacksTemplate = true
                continue
            }
            switch type(of: bar).position {
            case .top: topBars.insert(.html(html), at: 0)
            case .bottom: bottomBars.append(.html(html))
            }
            if let header = bar.contentHeader {
                guard let html = try render(values, template: header, context: &context) else {
                    lacksTemplate = true
                    continue
                }
                headers.insert(.html(html), at: 0)
            }
            if let name = bar.contentClass { classes.append(.string(name)) }
        }
        value[ChromeKey.topBars] = .list(topBars)
        value[ChromeKey.bottomBars] = .list(bottomBars)
        value[ChromeKey.contentHeaders] = .list(headers)
        value[ChromeKey.contentClasses] = .list(classes)
        return (.object(value), lacksTemplate)
    }

    /// A bar's template (the chrome's for a `flowhost/` name, else the app's) rendered with `values`;
    /// nil when it is the app's and never loaded (its file has a problem: the page shows the problem).
    private func render(_ values: TemplateValue, template name: String, context: inout RenderContext)
        throws(RenderError) -> RenderedHTML?
    {
        // A bar is a few hundred bytes: room for the page's 16 KB would be asked of malloc for each.
        var output = HTMLOutput(capacity: 1024)
        guard !name.hasPrefix(Chrome.prefix) else {
            try Chrome.templates.render(values, template: name, context: &context, into: &output)
            return RenderedHTML(output)
        }
        do {
            try templates.render(values, template: name, context: &context, into: &output)
            return RenderedHTML(output)
        } catch .unknownTemplate where !templates.problems.isEmpty {
            return nil
        }
    }

    private func problemsValue(_ problems: [TemplateProblem]) -> TemplateValue {
        [
            "summary": .string(
                problems.count == 1 ? "The templates have a problem" : "The templates have \(problems.count) problems"),
            "hint":
                "The page below uses the last version of each template that worked. Save a fix and it comes back by itself.",
            "problems": .list(
                problems.map { problem in
                    var value: [TemplateKey: TemplateValue] = ["description": .string(problem.description)]
                    if let line = problem.line, let source = problem.sourceLine, let caret = problem.caret {
                        value["source"] = ["line": .int(line), "text": .string(source), "caret": .string(caret)]
                    }
                    return .object(value)
                }),
        ]
    }

    private func alertValue(_ alert: AlertSnapshot) -> TemplateValue {
        var value: [TemplateKey: TemplateValue] = [
            ChromeKey.title: .string(alert.title),
            ChromeKey.isPair: .bool(alert.actions.count == 2),
            ChromeKey.actions: .list(
                alert.actions.map {
                    [
                        ChromeKey.title: .string($0.title), ChromeKey.action: $0.action.barValue,
                        ChromeKey.isCancel: .bool($0.isCancel), ChromeKey.isDestructive: .bool($0.isDestructive),
                    ]
                }),
        ]
        if let message = alert.message { value[ChromeKey.message] = .string(message) }
        return .object(value)
    }
}
