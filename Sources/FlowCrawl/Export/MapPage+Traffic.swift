import HTMLPresenter

extension MapPage {
    /// The live map's header (the chrome's `flowhost/map-traffic`): what was counted, the form that
    /// chose it, the funnel asked for.
    func trafficValue(_ traffic: MapTraffic) -> TemplateValue {
        let figures = traffic.figures
        let screens = map.storyboard.screens
        var value: [TemplateKey: TemplateValue] = [
            "counted": .string(
                figures.sessions == traffic.limit
                    ? "the \(traffic.limit) most recently used sessions"
                    : "\(figures.sessions) session\(figures.sessions == 1 ? "" : "s")"),
            "since": .string(traffic.since),
            "sinceShown": .bool(!traffic.since.isEmpty),
            "offMap": .int(figures.offMap),
            "jsonURL": .string(traffic.jsonURL),
            "formAction": .string(traffic.formAction),
            "funnelFrom": options(selected: traffic.funnelFrom),
            "funnelTo": options(selected: traffic.funnelTo),
        ]
        if let here = traffic.here, let screen = here.stops.last?.screen {
            value["here"] = [
                "screen": .int(screen), "title": .string(screens[screen].title), "stopCount": .int(here.stops.count),
                "isOneStop": .bool(here.stops.count == 1), "isOnMap": .bool(here.isOnMap),
            ]
        }
        if let funnel = traffic.funnel { value["funnel"] = .string(funnelSummary(funnel)) }
        if let studies = traffic.studiesURL { value["studiesURL"] = .string(studies) }
        return .object(value)
    }

    /// The storyboard's screens as a funnel's choices, `selected` (an id) marked.
    private func options(selected: String?) -> TemplateValue {
        .list(
            map.storyboard.screens.map { screen in
                ["id": .string(screen.id), "title": .string(screen.title), "isSelected": .bool(screen.id == selected)]
            })
    }

    /// One sentence on `funnel`.
    private func funnelSummary(_ funnel: Funnel) -> String {
        let (from, to) = (map.storyboard.screens[funnel.from].title, map.storyboard.screens[funnel.to].title)
        var text =
            "Funnel \(from) → \(to): of \(funnel.reachedFrom) sessions that reached "
            + "\(from), \(funnel.reachedTo) reached \(to) afterwards"
        if let median = funnel.medianClicks {
            let clicks = median == median.rounded() ? "\(Int(median))" : "\(median)"
            text += " in a median of \(clicks) click\(median == 1 ? "" : "s"); \(funnel.direct) directly"
            text += funnel.shortestClicks.map { " (in \($0), the shortest way)" } ?? ""
            text += ", \(funnel.indirect) by a longer way"
        }
        return text + "."
    }

    /// `svg` with the figures drawn: on each phone how many reached it and left there, on each
    /// arrow how many took it; the viewer's screen marked "You are here" and its path in red.
    func withTraffic(_ traffic: MapTraffic, _ svg: String) -> String {
        var result = svg
        let taken = Set(traffic.here?.stops.compactMap(\.segue) ?? [])
        let here = traffic.here?.isOnMap == true ? traffic.here?.stops.last?.screen : nil
        for (index, count) in traffic.figures.segues.enumerated() {
            let open = #"<g id="segue_\#(index)" class="edge">"#
            guard let group = result.range(of: open),
                let close = result[group.upperBound...].range(of: "</g>"),
                let label = result[group.upperBound..<close.lowerBound].ranges(of: "<text ").last,
                let (x, y) = Self.position(inElementAt: label.lowerBound, of: result)
            else { continue }
            result.insert(
                contentsOf: #"<text class="figure" text-anchor="middle" x="\#(x)" y="\#(y + 12)">\#(count)×</text>"#,
                at: close.lowerBound)
            if taken.contains(index) {
                result.replaceSubrange(group, with: #"<g id="segue_\#(index)" class="edge taken">"#)
            }
        }
        for (index, figures) in traffic.figures.screens.enumerated() {
            let open = #"<g id="phone_\#(index)" class="node">"#
            guard let group = result.range(of: open), let shape = Self.firstShape(in: result, after: group.upperBound)
            else { continue }
            let box = shape.box
            let middle = (box.minX + box.maxX) / 2
            var markup =
                #"<text class="figure" text-anchor="middle" x="\#(middle)" y="\#(box.minY - 6)">"#
                + "\(figures.visits) reached · \(figures.exits) left</text>"
            if index == here {
                markup +=
                    #"<rect class="here-badge" x="\#(box.minX + 8)" y="\#(box.minY + 10)" width="\#(box.maxX - box.minX - 16)" height="22" rx="11"/>"#
                    + #"<text class="here-label" text-anchor="middle" x="\#(middle)" y="\#(box.minY + 25)">You are here</text>"#
            }
            // After the thumbnail, so that it is drawn over it.
            let end = result[shape.end...].range(of: "</foreignObject>")?.upperBound ?? shape.end
            result.insert(contentsOf: markup, at: end)
            if index == here { result.replaceSubrange(group, with: #"<g id="phone_\#(index)" class="node here">"#) }
        }
        return result
    }

    /// The `x` and `y` attributes of the element starting at `start` in `svg`.
    private static func position(inElementAt start: String.Index, of svg: String) -> (Double, Double)? {
        guard let end = svg[start...].firstIndex(of: ">") else { return nil }
        let element = svg[start..<end]
        func attribute(_ name: String) -> Double? {
            guard let open = element.range(of: " \(name)=\""),
                let close = element[open.upperBound...].firstIndex(of: "\"")
            else { return nil }
            return Double(element[open.upperBound..<close])
        }
        guard let x = attribute("x"), let y = attribute("y") else { return nil }
        return (x, y)
    }
}
