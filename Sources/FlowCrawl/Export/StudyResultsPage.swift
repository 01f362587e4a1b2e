import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter

/// A study's results as the owner's page (`/_flowhost/studies/<id>`): per task its figures, the
/// usability score of each screen of its expected (or shortest) path with the formula, the live
/// map's storyboard with the testers' parts drawn over it (``MapPage``'s thumbnails and traffic:
/// how many reached each screen and took each segue, how many dropped off where), a misclick heat
/// map on each screen, and each tester's part with "Open at this state". Screens' titles and
/// counts only: no tester's typed value is on it.
package struct StudyResultsPage {
    /// Where the page's links and forms go.
    package struct Links: Sendable {
        /// The map's stylesheet.
        package var stylesheet: String
        /// The list of studies.
        package var studies: String
        /// The results as JSON.
        package var json: String
        /// The results as CSV.
        package var csv: String
        /// Where "Open at this state" posts (`tester`, `task`).
        package var open: String
        /// The live map: each screen of the storyboard links to its states there.
        package var map: String

        /// Links to these URLs.
        package init(stylesheet: String, studies: String, json: String, csv: String, open: String, map: String) {
            self.stylesheet = stylesheet
            self.studies = studies
            self.json = json
            self.csv = csv
            self.open = open
            self.map = map
        }
    }

    /// At most this many testers' parts are listed per task (the figures count them all).
    package static let listedParts = 100

    let map: FlowMap
    let svg: String?
    let problem: Graphviz.Failure?
    let thumbnail: (Int) -> String
    let id: String
    let study: Study
    let results: StudyResults
    let links: Links

    /// The page of `results` of the study `id`, on the live map `map` laid out as `svg` (or not,
    /// for `problem`), its thumbnails at `thumbnail(state)`.
    package init(
        map: FlowMap, svg: String?, problem: Graphviz.Failure?, thumbnail: @escaping (Int) -> String, id: String,
        study: Study, results: StudyResults, links: Links
    ) {
        self.map = map
        self.svg = svg
        self.problem = problem
        self.thumbnail = thumbnail
        self.id = id
        self.study = study
        self.results = results
        self.links = links
    }

    /// The whole page, rendered through the chrome's `flowhost/study-results` template.
    package var html: String {
        let page = MapPage(
            map: map, svg: svg, problem: problem, stylesheetURL: links.stylesheet, link: nil, thumbnail: thumbnail)
        let drawn = svg.map { page.withThumbnails(MapPage.inline($0)) }
        var values: [TemplateKey: TemplateValue] = [
            "title": .string(study.title), "id": .string(id), "stylesheetURL": .string(links.stylesheet),
            "studiesURL": .string(links.studies), "jsonURL": .string(links.json), "csvURL": .string(links.csv),
            "mapURL": .string(links.map), "formula": .string(StudyResults.scoreFormula),
            "tasks": .list(
                zip(study.tasks, results.tasks).map { task, figures in
                    taskValue(task, figures, svg: drawn.map { drawing(figures, on: $0, with: page) })
                }),
        ]
        if let problem { values["problem"] = .string(problem.description) }
        return Chrome.render(.object(values), template: "study-results")
    }

    /// One task's values.
    private func taskValue(_ task: StudyTask, _ figures: TaskResults, svg: String?) -> TemplateValue {
        let screens = results.storyboard.screens
        var value: [TemplateKey: TemplateValue] = [
            "number": .int(figures.task + 1), "prompt": .string(task.prompt), "testers": .int(figures.testers),
            "directSuccess": .int(figures.directSuccess), "indirectSuccess": .int(figures.indirectSuccess),
            "gaveUp": .int(figures.gaveUp), "done": .int(figures.done), "bounced": .int(figures.bounced),
            "underWay": .int(figures.underWay),
            "medianTime": .string(figures.medianSeconds.map(Self.seconds) ?? "none ended"),
            "misclickRate": .string(
                figures.misclickRate.map {
                    Self.percent($0 * 100) + " (\(figures.misclicks) of \(figures.misclicks + figures.clicks) clicks)"
                }
                    ?? "unknown: no tester's pages ran the page script (JavaScript off)"),
            "pathKind": .string(figures.scoresExpectedPath ? "the expected path" : "a shortest path of the crawl"),
            "screens": .list(
                figures.screens.map { score in
                    [
                        "name": .string(score.name),
                        "titles": .string(score.screens.map { screens[$0].title }.joined(separator: ", ")),
                        "reached": .int(score.reached), "dropOff": .string(Self.percent(score.dropOffPercent)),
                        "misclicks": .string(score.misclickPercent.map(Self.percent) ?? "unknown"),
                        "time": .string(score.medianSeconds.map(Self.seconds) ?? "none recorded"),
                        "penalty": .string(String(format: "%.1f", score.timePenalty)),
                        "score": .string(String(format: "%.0f", score.score)),
                    ]
                }),
            "hasScreens": .bool(!figures.screens.isEmpty),
            "parts": .list(figures.parts.prefix(Self.listedParts).map { partValue($0, task: figures.task) }),
            "hasParts": .bool(!figures.parts.isEmpty),
        ]
        if figures.parts.count > Self.listedParts { value["partsCut"] = .int(figures.parts.count - Self.listedParts) }
        if let svg { value["svg"] = .string(svg) }
        return .object(value)
    }

    /// One tester's part's values: their number, how it ended, the screens it went through.
    private func partValue(_ part: TesterPart, task: Int) -> TemplateValue {
        let screens = results.storyboard.screens
        var through = (part.walk?.stops.map(\.screen) ?? part.lastScreen.map { [$0] } ?? [])
            .reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }.map { screens[$0].title }
        if part.walk?.isOnMap == false { through.append("off the map") }
        var value: [TemplateKey: TemplateValue] = [
            "tester": .int(part.tester), "started": .string(String(part.startStamp)), "number": .int(part.tester + 1),
            "task": .int(task),
            "outcome": .string(Self.outcomeText[part.outcome] ?? ""), "outcomeClass": .string(part.outcome.rawValue),
            "opens": .bool(part.walk != nil), "openURL": .string(links.open),
        ]
        if !through.isEmpty { value["through"] = .string(through.joined(separator: " → ")) }
        if let seconds = part.seconds { value["time"] = .string(Self.seconds(seconds)) }
        return .object(value)
    }

    private static let outcomeText: [TesterPart.Outcome: String] = [
        .directSuccess: "direct success", .indirectSuccess: "indirect success", .gaveUp: "gave up",
        .done: "done, no goal", .bounced: "bounced", .underWay: "under way",
    ]

    /// The storyboard `svg` (thumbnails drawn) with one task's parts drawn over it: the figures of
    /// the live map's traffic (testers who reached each screen, who "left" there: the drop-offs,
    /// since a task's figures count only those as exits; testers who took each segue) and the misclicks,
    /// its ids prefixed with the task's number (a page holds one drawing per task).
    private func drawing(_ figures: TaskResults, on svg: String, with page: MapPage) -> String {
        let traffic = MapTraffic(
            figures: figures.figures, limit: figures.testers, here: nil, funnel: nil, since: "", funnelFrom: nil,
            funnelTo: nil, formAction: "", jsonURL: links.json)
        let drawn = page.withTraffic(traffic, withMisclicks(figures.misclickPoints, svg))
            .replacing(##"xlink:href="#screen-"##, with: ##"xlink:href="\##(links.map)#screen-"##)
            .replacing(##" href="#screen-"##, with: ##" href="\##(links.map)#screen-"##)
        return drawn.replacing(#" id=""#, with: #" id="task\#(figures.task + 1)-"#)
    }

    /// `svg` with a dot on each screen's thumbnail for each misclick on it, where it was.
    private func withMisclicks(_ points: [Int: [ScreenComment.Point]], _ svg: String) -> String {
        var result = svg
        for (index, points) in points.sorted(by: { $0.key < $1.key }) {
            guard let group = result.range(of: #"<g id="phone_\#(index)" class="node">"#),
                let shape = MapPage.firstShape(in: result, after: group.upperBound)
            else { continue }
            let box = shape.box
            let frame = Storyboard.thumbnailFrame(
                x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY)
            let dots = points.filter(\.isOnScreen).map { point in
                let (x, y) = (frame.x + point.x * frame.width, frame.y + point.y * frame.height)
                return #"<circle class="misclick" cx="\#(Self.coordinate(x))" cy="\#(Self.coordinate(y))" r="4"/>"#
            }
            let end = result[shape.end...].range(of: "</foreignObject>")?.upperBound ?? shape.end
            result.insert(contentsOf: dots.joined(), at: end)
        }
        return result
    }

    private static func coordinate(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func percent(_ value: Double) -> String { String(format: "%.0f %%", value) }

    private static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
}
