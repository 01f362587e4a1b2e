/// The flow map as a page (`map.html` of a static export, `/_flowhost/map` on a server): the SVG
/// inline (in an export each node links to its state's page), what was cut, and every state listed
/// (the whole map when Graphviz is missing).
package struct MapPage {
    let map: FlowMap
    let svg: String?
    let problem: Graphviz.Failure?
    /// The map's stylesheet: relative in an export, `/_flowhost/flowmap.css` on a server.
    let stylesheetURL: String
    /// The page of each state, when there are pages (an export); nil on a server.
    let link: ((Int) -> String)?

    /// The page of `map`, with Graphviz's `svg` of it or the `problem` that kept it from being drawn.
    package init(
        map: FlowMap, svg: String?, problem: Graphviz.Failure?, stylesheetURL: String, link: ((Int) -> String)?
    ) {
        self.map = map
        self.svg = svg
        self.problem = problem
        self.stylesheetURL = stylesheetURL
        self.link = link
    }

    /// The whole page.
    package var html: String {
        var lines = [
            "<!doctype html>",
            #"<html lang="en">"#,
            "<head>",
            #"<meta charset="utf-8">"#,
            #"<meta name="viewport" content="width=device-width, initial-scale=1">"#,
            #"<meta name="color-scheme" content="light">"#,
            "<title>Flow map</title>",
            #"<link rel="icon" href="data:,">"#,
            #"<link rel="stylesheet" href="\#(Self.escaped(stylesheetURL))">"#,
            "</head>",
            "<body>",
            "<header>",
            "<h1>Flow map</h1>",
            "<p>\(map.states.count) states, \(map.edges.count) actions. \(cutSummary) "
                + "Start: \(linked(0)). "
                + "A double border marks a dead end; a dashed node, a state whose actions were not followed.</p>",
        ]
        if let problem {
            lines.append(
                #"<p class="problem" role="alert">No picture: \#(Self.escaped(problem.description)).</p>"#)
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
                "<li>\(linked(state.id)) <small>\(Self.escaped(state.template)) · \(Self.escaped(state.group))</small></li>"
            )
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

    /// The title of state `id`, a link to its page where there is one.
    private func linked(_ id: Int) -> String {
        let title = Self.escaped(title(of: id))
        guard let link else { return title }
        return #"<a href="\#(Self.escaped(link(id)))">\#(title)</a>"#
    }

    private func title(of id: Int) -> String {
        let title = map.states[id].title
        return title.isEmpty ? map.states[id].template : title
    }

    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;")
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
