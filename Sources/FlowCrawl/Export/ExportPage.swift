import HTMLPresenter

/// Turns a served page into a static one: every action a relative link (a GET form) to the file of
/// the state it leads to, actions not followed disabled with the reason as a tooltip, forms filled
/// with the values the crawl sent (secret ones left empty), the chrome's and the app's files by
/// relative paths, no script.
struct ExportPage {
    /// Where an action goes in the export.
    enum Target {
        /// The file of the state it leads to, and the fields to show filled in.
        case file(String, fields: FormFields?)
        /// Not followed, and why.
        case cut(String)
    }

    private(set) var html: String

    init(html: String) {
        self.html = html
    }

    /// Points the action `token` at `target`.
    mutating func rewrite(action token: String, to target: Target) {
        let attribute = #"action="\#(FlowHostRoute.action(token: token).url)""#
        guard let action = html.range(of: attribute),
            let formStart = html.range(of: "<form", options: .backwards, range: html.startIndex..<action.lowerBound),
            let formEnd = html.range(of: "</form>", range: action.upperBound..<html.endIndex)
        else { return }
        var form = String(html[formStart.lowerBound..<formEnd.upperBound])
        switch target {
        case .file(let file, let fields):
            form = form.replacing(attribute, with: #"action="\#(Self.escaped(file))""#)
            form = form.replacing(#"<form method="post""#, with: #"<form method="get""#)
            // A secret field stays empty, as on a served page: a static site shows no secret.
            for field in fields?.fields ?? [] where !field.isSecret {
                form = Self.filling(form, name: field.name, with: field.value)
            }
        case .cut(let reason):
            form = form.replacing(" " + attribute, with: "")
            if let button = form.range(of: "<button") {
                form.replaceSubrange(button, with: #"<button disabled title="\#(Self.escaped(reason))""#)
            }
        }
        html.replaceSubrange(formStart.lowerBound..<formEnd.upperBound, with: form)
    }

    /// Points the chrome's and the app's files at the copies beside the page, and drops scripts.
    mutating func relativizeFiles() {
        html = html.replacing(#"="\#(FlowHostRoute.chromeFilesPrefix)"#, with: #"="\#(StaticExport.chromeFolder)/"#)
        html = html.replacing(#"="\#(FlowHostRoute.publicFilesPrefix)"#, with: #"="\#(StaticExport.publicFolder)/"#)
        while let start = html.range(of: "<script"),
            let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
        {
            var removed = start.lowerBound..<end.upperBound
            if html[removed.upperBound...].first == "\n" {
                removed = removed.lowerBound..<html.index(after: removed.upperBound)
            }
            html.removeSubrange(removed)
        }
    }

    /// Moves on to `file` after `seconds`, as the app did on its own (a timer): no script needed.
    mutating func moveOn(to file: String, after seconds: Int) {
        insert(
            #"<meta http-equiv="refresh" content="\#(seconds); url=\#(Self.escaped(file))">"# + "\n", before: "</head>")
    }

    /// A link to the flow map beside the phone.
    mutating func addMapLink() {
        insert(
            #"<nav class="prototype-bar" aria-label="Prototype"><a class="prototype-button" href="\#(StaticExport.mapFile)">Flow map</a></nav>"#
                + "\n", before: "</body>")
    }

    private mutating func insert(_ text: String, before marker: String) {
        guard let range = html.range(of: marker, options: .backwards) else { return }
        html.insert(contentsOf: text, at: range.lowerBound)
    }

    /// `form` with the input named `name` showing `value`.
    private static func filling(_ form: String, name: String, with value: String) -> String {
        guard let nameAttribute = form.range(of: #"name="\#(escaped(name))""#),
            let tagStart = form.range(
                of: "<input", options: .backwards, range: form.startIndex..<nameAttribute.lowerBound),
            let tagEnd = form.range(of: ">", range: nameAttribute.upperBound..<form.endIndex)
        else { return form }
        var tag = String(form[tagStart.lowerBound..<tagEnd.lowerBound])
        if let existing = tag.range(of: #" value=""#),
            let close = tag.range(of: "\"", range: existing.upperBound..<tag.endIndex)
        {
            tag.removeSubrange(existing.lowerBound..<close.upperBound)
        }
        tag += #" value="\#(escaped(value))""#
        var result = form
        result.replaceSubrange(tagStart.lowerBound..<tagEnd.lowerBound, with: tag)
        return result
    }

    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;")
    }
}
