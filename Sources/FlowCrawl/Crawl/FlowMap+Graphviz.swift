extension FlowMap {
    /// The map in Graphviz's DOT language: one node per state (its title and template, grouped in a
    /// box per tab or flow), one edge per action (the button's text). Dead ends have a double
    /// border; a state whose actions a bound kept from being followed has a dashed one and says how
    /// many it did not follow. A map of more than 150 states draws one arrow per pair of states,
    /// the text as a tooltip, so that dot lays it out in seconds. `link` gives each node a URL (the
    /// static export's page of the state), or none.
    public func dot(link: (Int) -> String? = { _ in nil }) -> String {
        var lines = [
            "digraph flow {",
            ##"  graph [rankdir=LR, fontname="Helvetica", fontsize=12, nodesep=0.25, ranksep=0.6, bgcolor="transparent"];"##,
            ##"  node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#8e8e93", fontname="Helvetica", fontsize=11];"##,
            ##"  edge [fontname="Helvetica", fontsize=9, color="#8e8e93", fontcolor="#3a3a3c", arrowsize=0.6];"##,
        ]
        if states.count > Self.largeMap {
            // Quicker, plainer layout: fewer network-simplex and crossing-minimisation passes, straight arrows.
            lines.append("  graph [nslimit=1, mclimit=0.2, splines=line];")
        }
        var groups: [String] = []
        for state in states where !groups.contains(state.group) { groups.append(state.group) }
        for (index, group) in groups.enumerated() {
            lines.append("  subgraph cluster_\(index) {")
            lines.append(
                ##"    label=\##(Self.quoted(group)); style="rounded,filled"; color="#d1d1d6"; fillcolor="#f2f2f7";"##)
            for state in states where state.group == group {
                let notFollowed = edges.count { $0.from == state.id && $0.to == nil }
                let note = notFollowed == 0 ? "" : "\n(\(notFollowed) not followed)"
                var attributes = [
                    "label="
                        + Self.quoted(
                            "\(state.id). \(state.title.isEmpty ? "(untitled)" : state.title)\n\(state.template)\(note)"
                        ),
                    "tooltip=" + Self.quoted("state \(state.id): \(state.title)"),
                ]
                if let url = link(state.id) { attributes.append("URL=" + Self.quoted(url)) }
                if state.id == entries.first?.state { attributes.append(##"fillcolor="#d8e8ff", penwidth=1.5"##) }
                if state.isDeadEnd { attributes.append("peripheries=2") }
                if state.cut != nil { attributes.append(##"style="rounded,filled,dashed""##) }
                lines.append("    s\(state.id) [\(attributes.joined(separator: ", "))];")
            }
            lines.append("  }")
        }
        let isLarge = states.count > Self.largeMap
        var drawn: Set<[Int]> = []
        for edge in edges {
            let label = Self.quoted(Self.shortened(edge.label))
            if let to = edge.to {
                // A large map draws one arrow per pair of states, its button's text as a tooltip:
                // dot lays out hundreds of labelled edges too slowly, and no one reads them.
                guard !isLarge || (edge.from != to && drawn.insert([edge.from, to]).inserted) else { continue }
                lines.append("  s\(edge.from) -> s\(to) [\(isLarge ? "tooltip" : "label")=\(label)];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Above this many states the picture is drawn plainer (see ``dot(link:)``).
    static let largeMap = 150

    private static func shortened(_ text: String) -> String {
        text.count <= 28 ? text : String(text.prefix(27)) + "…"
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
