import HTMLPresenter

extension Crawl {
    /// What the crawled states say of the names templates read (`TemplateNameUsage`): each name a
    /// template reads that no crawled state showing it fills (`{{nmae}}`), each value a view model
    /// gives that its template never reads, each partial that is no template. `flowhost check` and
    /// `assertAppSnapshot` report them as `file:line:col: warning: ...`.
    ///
    /// A form's `form.values.NAME` and `form.errors.NAME` count as filled for every field its
    /// screen's forms declare (and `form.hasErrors` wherever there is a form), as they are after
    /// a refused submission, whether or not the crawl met one; `form` itself is FlowHost's, not
    /// the view model's, so it is never reported unread. A name that only some states fill, beyond
    /// those, is marked in its template: `{{! optional: subtitle }}`.
    ///
    /// ```swift
    /// for finding in crawl.nameFindings(templates: app.templates) { print(finding) }
    /// ```
    public func nameFindings(templates: TemplateLibrary) -> [TemplateNameFinding] {
        var fields: [String: Set<String>] = [:]
        for page in pages {
            for layer in page.tree.layers {
                guard let template = layer.screen.template else { continue }
                for action in page.tree.actions where action.screen == layer.screen.id && action.isForm {
                    fields[template, default: []].formUnion(action.fields.map(\.name))
                }
            }
        }
        let assumed = fields.mapValues { names in
            var paths: Set<String> = ["form", "form.values", "form.errors", "form.hasErrors"]
            for name in names { paths.formUnion(["form.values." + name, "form.errors." + name]) }
            return paths
        }
        var usage = TemplateNameUsage(templates: templates)
        for page in pages {
            for layer in page.tree.layers {
                guard let template = layer.screen.template, let values = layer.screen.values else { continue }
                usage.record(values, template: template, assumingFilled: assumed[template] ?? [], notGiven: ["form"])
            }
        }
        return usage.findings
    }
}
