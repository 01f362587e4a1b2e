import HTMLPages
import HTMLPresenter

/// The storyboard as a page (`map.html` of a static export, `/_flowhost/map` on a server): the SVG
/// inline, each screen a phone showing a thumbnail of one of its states (that state's page, scaled
/// down), what was cut, and each screen's states listed under it (clicking a screen scrolls to
/// them; in an export each links to its page). On a server, where people went is drawn over it
/// (``MapTraffic``).
package struct MapPage {
    let map: FlowMap
    let svg: String?
    let problem: Graphviz.Failure?
    /// The map's stylesheet: relative in an export, `/_flowhost/flowmap.css` on a server.
    let stylesheetURL: String
    /// The page of each state, when there are pages (an export); nil on a server.
    let link: ((Int) -> String)?
    /// The page each state's thumbnail shows (an export's page, a server's thumbnail); nil for none.
    let thumbnail: ((Int) -> String)?
    /// Where people went, on a server.
    let traffic: MapTraffic?
    /// The open comments of each screen, on a server that takes comments or an export that carries them.
    let comments: MapComments?
    /// The owner's New study form, on a server; nil in an export.
    package var newStudyURL: String?

    /// The page of `map`, with Graphviz's `svg` of its storyboard (``Storyboard/dot(link:)``, each
    /// screen linked to `#screen-<index>`) or the `problem` that kept it from being drawn.
    package init(
        map: FlowMap, svg: String?, problem: Graphviz.Failure?, stylesheetURL: String, link: ((Int) -> String)?,
        thumbnail: ((Int) -> String)?, traffic: MapTraffic? = nil,
        comments: MapComments? = nil
    ) {
        self.map = map
        self.svg = svg
        self.problem = problem
        self.stylesheetURL = stylesheetURL
        self.link = link
        self.thumbnail = thumbnail
        self.traffic = traffic
        self.comments = comments
    }

    /// Where each screen of a storyboard's picture links to: its list of states on this page.
    package static func anchor(ofScreen index: Int) -> String {
        "#screen-\(index)"
    }

    /// The whole page, rendered through the chrome's `flowhost/map` template.
    package var html: String {
        let storyboard = map.storyboard
        var values: [TemplateKey: TemplateValue] = [
            "stylesheetURL": .string(stylesheetURL),
            "screenCount": .int(storyboard.screens.count),
            "segueCount": .int(storyboard.segues.count),
            "stateCount": .int(map.states.count),
            "actionCount": .int(map.edges.count),
            "cutSummary": .string(cutSummary),
            "start": stateValue(0),
            "screens": .list(
                storyboard.screens.enumerated().map { index, screen in
                    var value: [TemplateKey: TemplateValue] = [
                        "index": .int(index),
                        "title": .string(screen.title),
                        "template": .string(screen.template),
                        "place": .string(([screen.flow] + screen.place).joined(separator: " › ")),
                        "stateCount": .int(screen.stateCount),
                        "isOneState": .bool(screen.stateCount == 1),
                        "states": .list(screen.states.map(stateValue)),
                    ]
                    if let comments, let open = comments.byScreen[screen.id], !open.isEmpty {
                        value["comments"] = [
                            "count": .int(open.count), "isOne": .bool(open.count == 1),
                            "url": .string(comments.listURL),
                            "list": .list(open.map { ["author": .string($0.author), "text": .string($0.text)] }),
                        ]
                    }
                    if let figures = traffic?.figures.screens[index] {
                        value["figures"] = ["visits": .int(figures.visits), "exits": .int(figures.exits)]
                    }
                    return .object(value)
                }),
        ]
        if let problem { values["problem"] = .string(problem.description) }
        if let traffic { values["traffic"] = trafficValue(traffic) }
        if let newStudyURL { values["newStudyURL"] = .string(newStudyURL) }
        if let svg {
            let thumbnails = withThumbnails(Self.inline(svg))
            let drawn = comments.map { withComments($0, thumbnails) } ?? thumbnails
            values["svg"] = .string(traffic.map { withTraffic($0, drawn) } ?? drawn)
        }
        return Chrome.render(.object(values), template: "map")
    }

    /// `svg` with, in each screen's phone, the page of its first state that stays put (a page that
    /// moves on by itself would move its thumbnail) scaled down into an `<iframe>`; `svg` as it is
    /// where there are no pages. Scaled by the SVG's own `transform`, not a style attribute: a
    /// server's pages allow no inline style.
    func withThumbnails(_ svg: String) -> String {
        guard let thumbnail else { return svg }
        var result = svg
        let moving = Set(map.edges.filter { $0.action == nil && $0.to != nil }.map(\.from))
        for (index, screen) in map.storyboard.screens.enumerated() {
            guard let state = screen.states.first(where: { !moving.contains($0) }) ?? screen.states.first,
                let group = result.range(of: #"<g id="phone_\#(index)" class="node">"#),
                let shape = Self.firstShape(in: result, after: group.upperBound)
            else { continue }
            let frame = Storyboard.thumbnailFrame(
                x: shape.box.minX, y: shape.box.minY, width: shape.box.maxX - shape.box.minX,
                height: shape.box.maxY - shape.box.minY)
            let scale = frame.width / Self.thumbnailViewport
            let (source, title) = (
                HTMLEscaping.escaped(thumbnail(state), for: .attribute),
                HTMLEscaping.escaped(screen.title, for: .attribute)
            )
            // An iframe's size is whole pixels.
            let height = Int((frame.height / scale).rounded())
            let markup =
                #"<foreignObject class="thumbnail" x="0" y="0" width="\#(Self.thumbnailViewport)" height="\#(height)" "#
                + #"transform="translate(\#(frame.x) \#(frame.y)) scale(\#(scale))">"#
                + #"<iframe src="\#(source)" title="\#(title)" loading="lazy" tabindex="-1" "#
                + #"width="\#(Int(Self.thumbnailViewport))" height="\#(height)"></iframe></foreignObject>"#
            result.insert(contentsOf: markup, at: shape.end)
        }
        return result
    }

    /// The width, in CSS pixels, a thumbnail's page is laid out at before it is scaled: a phone's.
    static let thumbnailViewport = 390.0

    /// The first `<path>` or `<polygon>` after `start` in `svg`: where its element ends and the box
    /// its coordinates span.
    static func firstShape(in svg: String, after start: String.Index) -> (
        end: String.Index, box: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    )? {
        let rest = svg[start...]
        let path = rest.range(of: "<path ")
        let polygon = rest.range(of: "<polygon ")
        guard let open = [path, polygon].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }),
            let close = svg[open.upperBound...].range(of: "/>")
        else { return nil }
        let element = svg[open.upperBound..<close.lowerBound]
        guard let attribute = element.range(of: #" d=""#) ?? element.range(of: #" points=""#),
            let quote = element[attribute.upperBound...].firstIndex(of: "\"")
        else { return nil }
        let numbers = element[attribute.upperBound..<quote].split { !($0.isNumber || $0 == "." || $0 == "-") }
            .compactMap { Double($0) }
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return (close.upperBound, (minX, minY, maxX, maxY))
    }

    private var cutSummary: String {
        let states = map.statesCut
        let edges = map.edgesCut
        guard states + edges > 0 else { return "Nothing was cut." }
        return "Cut by the bounds: \(states) states not explored, \(edges) actions not followed."
    }

    /// State `id` as the page lists it: its title, and its page's URL where there is one.
    private func stateValue(_ id: Int) -> TemplateValue {
        let title = map.states[id].title
        var value: [TemplateKey: TemplateValue] = [
            "id": .int(id), "title": .string(title.isEmpty ? map.states[id].template : title),
        ]
        if let link { value["url"] = .string(link(id)) }
        return .object(value)
    }

    /// The SVG element alone (dot writes an XML prolog and a doctype before it).
    static func inline(_ svg: String) -> String {
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
