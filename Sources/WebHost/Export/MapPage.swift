/// `map.html` of a static export: the flow map's SVG inline (each node a link to its state's page),
/// what was cut, and every state as a plain link (the whole map when Graphviz is missing).
struct MapPage {
    let map: FlowMap
    let svg: String?
    let problem: Graphviz.Failure?

    var html: String {
        var lines = [
            "<!doctype html>",
            #"<html lang="en">"#,
            "<head>",
            #"<meta charset="utf-8">"#,
            #"<meta name="viewport" content="width=device-width, initial-scale=1">"#,
            #"<meta name="color-scheme" content="light">"#,
            "<title>Flow map</title>",
            #"<link rel="icon" href="data:,">"#,
            "<style>",
            "body { margin: 0; font: 15px/1.4 -apple-system, system-ui, sans-serif; color: #1c1c1e; background: #fff; }",
            "header, section { padding: 16px 24px; }",
            "h1 { font-size: 22px; margin: 0 0 4px; }",
            "p { margin: 4px 0; color: #3a3a3c; }",
            ".map { overflow: auto; border-top: 1px solid #d1d1d6; border-bottom: 1px solid #d1d1d6; }",
            ".map svg { display: block; margin: 0 auto; max-width: none; height: auto; }",
            ".map a:hover polygon, .map a:hover path { stroke: #007aff; stroke-width: 2; }",
            ".problem { color: #c5221f; }",
            "ol { columns: 18em; padding-left: 2.5em; }",
            "a { color: #007aff; }",
            "</style>",
            "</head>",
            "<body>",
            "<header>",
            "<h1>Flow map</h1>",
            "<p>\(map.states.count) states, \(map.edges.count) actions. \(cutSummary) "
                + #"Start: <a href="\#(StaticExport.file(ofState: 0))">\#(ExportPage.escaped(title(of: 0)))</a>. "#
                + "A double border marks a dead end; a dashed node, a state whose actions were not followed.</p>",
        ]
        if let problem {
            lines.append(
                #"<p class="problem" role="alert">No picture: \#(ExportPage.escaped(problem.description)).</p>"#)
        }
        lines.append("</header>")
        if let svg {
            lines.append(#"<div class="map">"#)
            lines.append(Self.inline(svg))
            lines.append("</div>")
        }
        lines.append(#"<section aria-label="States">"#)
        lines.append("<h2>States</h2>")
        lines.append(#"<ol start="0">"#)
        for state in map.states {
            lines.append(
                #"<li><a href="\#(StaticExport.file(ofState: state.id))">\#(ExportPage.escaped(title(of: state.id)))</a> "#
                    + "<small>\(ExportPage.escaped(state.template)) · \(ExportPage.escaped(state.group))</small></li>")
        }
        lines += ["</ol>", "</section>", "</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private var cutSummary: String {
        let states = map.statesCut
        let edges = map.edgesCut
        guard states + edges > 0 else { return "Nothing was cut." }
        return "Cut by the bounds: \(states) states not explored, \(edges) actions not followed."
    }

    private func title(of id: Int) -> String {
        let title = map.states[id].title
        return title.isEmpty ? map.states[id].template : title
    }

    /// The SVG element alone (dot writes an XML prolog and a doctype before it).
    private static func inline(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...]).trimmingSuffix()
    }
}

extension String {
    fileprivate func trimmingSuffix() -> String {
        var result = self
        while result.last?.isWhitespace == true { result.removeLast() }
        return result
    }
}
