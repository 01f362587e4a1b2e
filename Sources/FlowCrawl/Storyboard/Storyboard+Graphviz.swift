extension Storyboard {
    /// The storyboard in Graphviz's DOT language: each screen a phone of the same size (its title
    /// and template at the bottom, room above for a thumbnail: see `thumbnailFrame`), grouped in
    /// a box per tab or flow; one arrow per segue (tabs from one screen only), labelled with its
    /// steps (its kind where it sent none) and drawn by kind; the entry arrow into the start
    /// screen, deep links dashed. Each phone's SVG group has the id `phone_<index>` and links to
    /// `link(index)` when given; each arrow's has the id `segue_<index>` (indices in ``screens`` and
    /// ``segues``), where traffic figures are drawn.
    public func dot(link: (Int) -> String? = { _ in nil }) -> String {
        var lines = [
            "digraph storyboard {",
            ##"  graph [rankdir=LR, fontname="Helvetica", fontsize=13, nodesep=0.35, ranksep=0.9, bgcolor="transparent", newrank=true];"##,
            ##"  node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#3a3a3c", penwidth=2, fontname="Helvetica", fontsize=11, fixedsize=true, width=\##(Self.phoneWidth), height=\##(Self.phoneHeight), labelloc=b];"##,
            ##"  edge [fontname="Helvetica", fontsize=10, color="#8e8e93", fontcolor="#3a3a3c", arrowsize=0.7];"##,
        ]
        var flows: [String] = []
        for screen in screens where !flows.contains(screen.flow) { flows.append(screen.flow) }
        let indexByID = Dictionary(screens.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (flowIndex, flow) in flows.enumerated() {
            lines.append("  subgraph cluster_\(flowIndex) {")
            lines.append(
                ##"    label=\##(FlowMap.quoted(flow)); style="rounded,filled"; color="#d1d1d6"; fillcolor="#f2f2f7"; margin=14;"##
            )
            for (index, screen) in screens.enumerated() where screen.flow == flow {
                var attributes = [
                    "id=" + FlowMap.quoted("phone_\(index)"),
                    "label="
                        + FlowMap.quoted(
                            screen.title == screen.template
                                ? Self.shortened(screen.template)
                                : Self.shortened(screen.title) + "\n" + Self.shortened(screen.template)),
                    "tooltip="
                        + FlowMap.quoted(
                            "\(screen.id): \(screen.stateCount) state\(screen.stateCount == 1 ? "" : "s")"),
                ]
                if let url = link(index) { attributes.append("URL=" + FlowMap.quoted(url)) }
                if screen.entries.contains("start") { attributes.append(##"color="#007aff", penwidth=3"##) }
                lines.append("    screen\(index) [\(attributes.joined(separator: ", "))];")
            }
            lines.append("  }")
        }
        // A tab is a relationship of the tab bar, reachable from every screen in it: the tabs are
        // drawn from the first screen that has them only, as a storyboard draws them from its tab
        // bar controller; an arrow from each screen to each other tab would hide every other segue.
        let tabBar = segues.first { $0.kind == .tab }?.from
        for (index, segue) in segues.enumerated() where segue.kind != .tab || segue.from == tabBar {
            guard let to = indexByID[segue.to] else { continue }
            let label = FlowMap.quoted(segue.steps.isEmpty ? segue.kind.label : segue.steps.joined(separator: "\n"))
            guard let fromID = segue.from else {
                // An entry: the start's arrow from a dot, each deep link's from its paths.
                let paths = screens[to].entries.filter { $0 != "start" }.joined(separator: "\n")
                lines.append(
                    segue.kind == .start
                        ? ##"  entry\##(index) [shape=circle, width=0.22, height=0.22, fixedsize=true, style=filled, fillcolor="#007aff", color="#007aff", label=""];"##
                        : ##"  entry\##(index) [shape=plaintext, fixedsize=false, width=0, height=0, style="", fontcolor="#007aff", label=\##(FlowMap.quoted(paths))];"##
                )
                lines.append(
                    "  entry\(index) -> screen\(to) [id=\"segue_\(index)\", label=\(label), \(Self.style(of: segue.kind))];"
                )
                continue
            }
            guard let from = indexByID[fromID] else { continue }
            lines.append(
                "  screen\(from) -> screen\(to) [id=\"segue_\(index)\", label=\(label), \(Self.style(of: segue.kind))];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A phone's size in inches.
    static let phoneWidth = 1.3
    static let phoneHeight = 2.5

    /// Where the thumbnail goes in a phone whose box is `x`, `y`, `width`, `height` (SVG units):
    /// inside the frame, above the title and template.
    static func thumbnailFrame(x: Double, y: Double, width: Double, height: Double) -> (
        x: Double, y: Double, width: Double, height: Double
    ) {
        (x + 6, y + 6, width - 12, height - 44)
    }

    /// How a segue of `kind` is drawn: pushes and presentations strong, the way back faint and not
    /// ranking the layout (a back arrow would otherwise pull the screens into a circle).
    private static func style(of kind: Segue.Kind) -> String {
        switch kind {
        case .start: ##"color="#007aff", penwidth=2.5"##
        case .deepLink: ##"color="#007aff", style=dashed"##
        case .push: ##"color="#1c1c1e", penwidth=1.4"##
        case .present: ##"color="#8944ab", penwidth=1.6"##
        case .alert: ##"color="#c5221f", penwidth=1.2"##
        case .replace: ##"color="#1c1c1e", penwidth=1.4, style=bold"##
        case .liveMove: ##"color="#34c759", style=dashed, penwidth=1.4"##
        case .tab: ##"color="#ff9500", style=dashed, fontcolor="#ff9500""##
        case .back, .dismiss: ##"color="#aeaeb2", style=dotted, constraint=false, fontcolor="#8e8e93""##
        case .update: ##"color="#aeaeb2", fontcolor="#8e8e93""##
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 22 ? text : String(text.prefix(21)) + "…"
    }
}

extension Segue.Kind {
    /// How a segue that sent no step is labelled: `back`, `tab`, `dismiss`.
    var label: String {
        switch self {
        case .deepLink: "deep link"
        case .liveMove: "live move"
        default: rawValue
        }
    }
}
