import FlowCrawl
import Foundation

/// The review of a run, a static folder that opens from `file://` with nothing fetched from
/// elsewhere: `index.html` (what changed first, grouped by storyboard screen, each state's
/// expected, actual and diff pictures side by side and an overlay with a slider; the storyboard
/// with the screens that changed marked; the command that accepts the changes), `report.json`
/// (``ReportJSON``) and `images/`.
struct ReviewReport {
    /// The pictures' folder in the report.
    static let imagesFolder = "images"
    static let jsonFile = "report.json"
    static let pageFile = "index.html"

    let run: SnapshotRun
    let crawl: Crawl
    let options: SnapshotOptions
    let baseline: URL
    /// The command that records what the run found.
    let acceptCommand: String

    // MARK: The folder

    /// Throws unless `folder` is new, empty or an earlier report (which is then replaced): a
    /// folder of other files is never written into.
    static func checkFolder(_ folder: URL) throws(SnapshotError) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard files.isEmpty || files.contains(jsonFile) else {
            throw .notWritable(
                path: folder.path, reason: "it holds other files than a report's; give an empty or a new folder")
        }
    }

    /// Makes `folder` ready for a new report (an earlier report's pictures removed); returns it.
    static func prepare(_ folder: URL) throws(SnapshotError) -> URL {
        try checkFolder(folder)
        do {
            try? FileManager.default.removeItem(at: folder.appending(path: imagesFolder))
            try FileManager.default.createDirectory(
                at: folder.appending(path: imagesFolder), withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder.path, reason: error.localizedDescription)
        }
        return folder
    }

    /// Copies `file` into the report's pictures as `name`; returns where.
    static func copy(_ file: URL, into folder: URL, as name: String) throws(SnapshotError) -> URL {
        let copy = folder.appending(path: imagesFolder).appending(path: name)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .cannotWrite(path: copy.path, reason: "\(file.path) cannot be read")
        }
        try BaselineFolder.write(data, to: copy)
        return copy
    }

    /// Writes `index.html` and `report.json` into `folder`; returns the run with the report's page.
    func write(to folder: URL) throws(SnapshotError) -> SnapshotRun {
        let page = folder.appending(path: Self.pageFile)
        try BaselineFolder.write(
            Data(ReportJSON.text(run, folder: folder).utf8), to: folder.appending(path: Self.jsonFile))
        try BaselineFolder.write(Data(html(folder: folder).utf8), to: page)
        return SnapshotRun(
            chromium: run.chromium, states: run.states, notices: run.notices, chromiumRestarts: run.chromiumRestarts,
            report: page)
    }

    // MARK: The page

    private static let reviewed: [SnapshotStatus] = [.changed, .new, .gone, .failed]

    func html(folder: URL) -> String {
        let storyboard = crawl.map.storyboard
        let marked = Set(run.states.filter { $0.status != .same }.map(\.screen))
        let counts = SnapshotStatus.allCases.map { status in (status, run.count(status)) }
        var lines = [
            "<!doctype html>", #"<html lang="en">"#, "<head>", #"<meta charset="utf-8">"#,
            #"<meta name="viewport" content="width=device-width, initial-scale=1">"#,
            #"<meta name="color-scheme" content="light">"#,
            "<title>Pixel snapshots: \(escaped(headline))</title>", #"<link rel="icon" href="data:,">"#,
            "<style>", Self.style, markedStyle(marked), "</style>", "</head>", "<body>", "<header>",
            "<h1>Pixel snapshots: \(escaped(headline))</h1>",
            #"<p class="counts">"#
                + counts.map { status, count in
                    #"<span class="status \#(status.rawValue)">\#(count) \#(status.rawValue)</span>"#
                }.joined(separator: " ") + "</p>",
            "<p>\(run.states.count) pictures, \(run.shotCount) shot in this run (the others' pages and files are "
                + "unchanged since their baseline). Chromium \(escaped(run.chromium)), \(options.width) × "
                + "\(options.height) CSS pixels at \(format(options.scale))x, \(options.dark ? "light and dark" : "light"); "
                + "threshold \(format(options.threshold)), \(options.allowedDifferentPixels) different pixels allowed. "
                + "Baselines: <code>\(escaped(baseline.path(percentEncoded: false)))</code>.</p>",
        ]
        for notice in run.notices { lines.append(#"<p class="notice" role="note">\#(escaped(notice))</p>"#) }
        if run.isSame {
            lines.append(#"<p class="accept">Every picture is the same as its baseline.</p>"#)
        } else {
            lines.append(
                #"<p class="accept">Accept these changes (write the new pictures as the baselines, remove the gone ones):</p>"#
            )
            lines.append(#"<pre class="command"><code>\#(escaped(acceptCommand))</code></pre>"#)
        }
        lines.append(#"<nav aria-label="Sections"><ul>"#)
        lines.append(##"<li><a href="#storyboard">Storyboard</a></li>"##)
        for status in Self.reviewed where run.count(status) > 0 {
            lines.append(##"<li><a href="#\##(status.rawValue)">\##(run.count(status)) \##(status.rawValue)</a></li>"##)
        }
        lines.append(##"<li><a href="#same">\##(run.count(.same)) same</a></li>"##)
        lines += ["</ul></nav>", "</header>", "<main>"]
        lines += storyboardSection(storyboard, marked: marked)
        var anchored: Set<String> = []
        for status in Self.reviewed where run.count(status) > 0 {
            lines.append(#"<section id="\#(status.rawValue)" aria-label="\#(status.rawValue.capitalized)">"#)
            lines.append("<h2>\(status.rawValue.capitalized)</h2>")
            for (screen, states) in grouped(run.states.filter { $0.status == status }) {
                let anchor = anchored.insert(screen).inserted ? #" id="\#(screenAnchor(screen))""# : ""
                lines.append(#"<section class="screen"\#(anchor)>"#)
                lines.append("<h3>\(screenHeading(screen))</h3>")
                for state in states { lines += article(state, folder: folder) }
                lines.append("</section>")
            }
            lines.append("</section>")
        }
        lines += sameSection(anchored: &anchored)
        lines += ["</main>", "<script>", Self.script, "</script>", "</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private var headline: String {
        let reviewed = Self.reviewed.filter { run.count($0) > 0 }.map { "\(run.count($0)) \($0.rawValue)" }
        return reviewed.isEmpty ? "all \(run.states.count) the same" : reviewed.joined(separator: ", ")
    }

    /// One state: its title, status, the way to it, its pictures.
    private func article(_ state: StateSnapshot, folder: URL) -> [String] {
        var lines = [#"<article class="state" id="\#(escaped("state-" + state.name))">"#]
        var heading = "<h4>\(escaped(state.title.isEmpty ? state.name : state.title)) "
        heading += #"<span class="status \#(state.status.rawValue)">\#(state.status.rawValue)</span>"#
        if let pixels = state.differentPixels, state.status == .changed {
            heading += #" <span class="pixels">\#(pixels.formatted()) pixels differ</span>"#
        }
        lines.append(heading + "</h4>")
        lines.append(#"<p class="name"><code>\#(escaped(state.name))</code></p>"#)
        if !state.steps.isEmpty {
            lines.append(#"<p class="path">\#(state.steps.map(escaped).joined(separator: " › "))</p>"#)
        }
        if let problem = state.problem { lines.append(#"<p class="problem">\#(escaped(problem))</p>"#) }
        let expected = state.expected.map { relative($0, folder: folder) }
        let actual = state.actual.map { relative($0, folder: folder) }
        let diff = state.diff.map { relative($0, folder: folder) }
        var figures: [String] = []
        if let expected { figures.append(figure("Expected", expected, state)) }
        if let actual { figures.append(figure(state.status == .new ? "New" : "Actual", actual, state)) }
        if let diff { figures.append(figure("Diff", diff, state)) }
        if let expected, let actual, state.status == .changed {
            let alt = escaped(state.title)
            figures.append(
                #"<figure class="slider"><figcaption>Expected | actual</figcaption><div class="overlay">"#
                    + #"<img src="\#(expected)" alt="Expected: \#(alt)" width="\#(Self.pictureWidth)" loading="lazy">"#
                    + #"<img class="top" src="\#(actual)" alt="Actual: \#(alt)" width="\#(Self.pictureWidth)" loading="lazy">"#
                    + #"</div><input type="range" min="0" max="100" value="50" aria-label="Expected on the left, actual on the right"></figure>"#
            )
        }
        if !figures.isEmpty { lines += [#"<div class="pictures">"#] + figures + ["</div>"] }
        lines.append("</article>")
        return lines
    }

    private func figure(_ caption: String, _ source: String, _ state: StateSnapshot) -> String {
        #"<figure><figcaption>\#(caption)</figcaption><a href="\#(source)"><img src="\#(source)" "#
            + #"alt="\#(caption): \#(escaped(state.title))" width="\#(Self.pictureWidth)" loading="lazy"></a></figure>"#
    }

    /// The storyboard, drawn by Graphviz's dot when it is installed, each phone linked to its
    /// screen's states in the review and the screens with a change outlined.
    private func storyboardSection(_ storyboard: Storyboard, marked: Set<String>) -> [String] {
        var lines = [#"<section id="storyboard" aria-label="Storyboard">"#, "<h2>Storyboard</h2>"]
        let changed = storyboard.screens.filter { marked.contains($0.id) }.count
        lines.append(
            "<p>\(storyboard.screens.count) screens; \(changed) with a state changed, new, gone or failed "
                + #"(<span class="marked">outlined</span>). Click one to see its states.</p>"#)
        let dot = storyboard.dot { index in "#" + screenAnchor(storyboard.screens[index].id) }
        if let svg = try? Graphviz.svg(from: dot), let start = svg.range(of: "<svg") {
            lines.append(
                #"<div class="map">"# + svg[start.lowerBound...].trimmingCharacters(in: .whitespacesAndNewlines)
                    + "</div>")
        } else {
            lines.append(
                #"<p class="notice">No picture: Graphviz's dot is not installed (apt-get install graphviz).</p>"#)
        }
        lines.append("</section>")
        return lines
    }

    /// The same states, by screen, folded away.
    private func sameSection(anchored: inout Set<String>) -> [String] {
        let same = run.states.filter { $0.status == .same }
        var lines = [#"<section id="same" aria-label="Same">"#, "<h2>Same</h2>"]
        lines.append("<details><summary>\(same.count) pictures the same as their baseline</summary>")
        for (screen, states) in grouped(same) {
            let anchor = anchored.insert(screen).inserted ? #" id="\#(screenAnchor(screen))""# : ""
            lines.append(#"<section class="screen"\#(anchor)>"#)
            lines.append("<h3>\(screenHeading(screen)) <small>\(states.count) same</small></h3>")
            lines.append("<ul>")
            for state in states {
                lines.append(
                    "<li>\(escaped(state.title)) <code>\(escaped(state.name))</code>\(state.wasShot ? " (shot)" : "")</li>"
                )
            }
            lines.append("</ul>")
            lines.append("</section>")
        }
        lines += ["</details>", "</section>"]
        return lines
    }

    /// `states` by screen, in the storyboard's order (the run is sorted so already).
    private func grouped(_ states: [StateSnapshot]) -> [(String, [StateSnapshot])] {
        var groups: [(String, [StateSnapshot])] = []
        for state in states {
            if let last = groups.indices.last, groups[last].0 == state.screen {
                groups[last].1.append(state)
            } else {
                groups.append((state.screen, [state]))
            }
        }
        return groups
    }

    private func screenHeading(_ id: String) -> String {
        guard let screen = crawl.map.storyboard.screen(id) else {
            return id.isEmpty ? "A screen no longer in the app" : escaped(id) + " <small>no longer in the app</small>"
        }
        let place = ([screen.flow] + screen.place).joined(separator: " › ")
        let template = screen.title == screen.template ? "" : escaped(screen.template) + " · "
        return "\(escaped(screen.title)) <small>\(template)\(escaped(place))</small>"
    }

    private func screenAnchor(_ id: String) -> String {
        let index = crawl.map.storyboard.screens.firstIndex { $0.id == id }
        return index.map { "screen-\($0)" } ?? "screen-" + String(id.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// Outlines the phones of `marked` screens in the storyboard's picture.
    private func markedStyle(_ marked: Set<String>) -> String {
        let phones = crawl.map.storyboard.screens.indices.filter {
            marked.contains(crawl.map.storyboard.screens[$0].id)
        }
        guard !phones.isEmpty else { return "" }
        let selectors = phones.flatMap { ["#phone_\($0) path", "#phone_\($0) polygon"] }
        return selectors.joined(separator: ", ") + " { stroke: #d70015; stroke-width: 6px; fill: #ffe3e0; }"
    }

    private func relative(_ url: URL, folder: URL) -> String {
        let base = folder.standardizedFileURL.path(percentEncoded: false)
        let path = url.standardizedFileURL.path(percentEncoded: false)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let relative =
            path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.standardizedFileURL.absoluteString
        return escaped(relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative)
    }

    private func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;")
    }

    private func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }

    /// How wide a picture is drawn, in CSS pixels.
    private static let pictureWidth = 240

    private static let style = """
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, sans-serif; color: #1c1c1e; background: #f2f2f7; }
        header { padding: 20px 28px 12px; background: #fff; border-bottom: 1px solid #d1d1d6; }
        main { padding: 0 28px 40px; }
        h1 { font-size: 24px; margin: 0 0 8px; }
        h2 { font-size: 20px; margin: 28px 0 8px; }
        h3 { font-size: 16px; margin: 20px 0 8px; } h3 small { color: #6e6e73; font-weight: normal; }
        h4 { font-size: 15px; margin: 0 0 4px; }
        p { margin: 4px 0; }
        code, pre { font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
        .command { background: #1c1c1e; color: #fff; padding: 10px 14px; border-radius: 8px; overflow-x: auto; }
        .notice { background: #fff4e5; border: 1px solid #f5c16c; border-radius: 8px; padding: 8px 12px; }
        nav ul { display: flex; flex-wrap: wrap; gap: 6px 18px; list-style: none; padding: 0; margin: 10px 0 0; }
        a { color: #0058b8; }
        .status { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 13px; font-weight: 600; background: #e5e5ea; color: #3a3a3c; }
        .status.changed, .status.failed { background: #ffe3e0; color: #a4000f; }
        .status.new { background: #e0efff; color: #004a99; }
        .status.gone { background: #efe6f7; color: #5e2d85; }
        .status.same { background: #e3f5e6; color: #1b5e20; }
        .counts .status { margin-right: 4px; }
        .state { background: #fff; border-radius: 12px; padding: 14px 16px; margin: 0 0 14px; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.08); }
        .state:target, .screen:target > h3 { outline: 3px solid #0058b8; outline-offset: 3px; }
        .name code { color: #6e6e73; }
        .path { color: #3a3a3c; }
        .problem { color: #a4000f; }
        .pixels { color: #a4000f; font-weight: normal; font-size: 13px; }
        .pictures { display: flex; flex-wrap: wrap; gap: 16px; margin-top: 10px; align-items: flex-start; }
        figure { margin: 0; }
        figcaption { font-size: 13px; font-weight: 600; color: #3a3a3c; margin-bottom: 4px; }
        figure img { display: block; height: auto; border: 1px solid #d1d1d6; border-radius: 6px; background: #fff; }
        .overlay { position: relative; --split: 50%; }
        .overlay .top { position: absolute; top: 0; left: 0; clip-path: inset(0 0 0 var(--split)); }
        .slider input { width: 240px; margin: 6px 0 0; }
        .map { overflow: auto; background: #fff; border-radius: 12px; padding: 8px; }
        .map svg { display: block; width: auto; max-width: 100%; height: auto; max-height: 560px; margin: 0 auto; }
        .marked { outline: 3px solid #d70015; border-radius: 4px; padding: 0 4px; }
        details summary { cursor: pointer; font-weight: 600; margin: 8px 0; }
        ul { padding-left: 1.4em; }
        """

    /// The slider moves the split between the two pictures (without script it stays at half).
    private static let script = """
        for (const input of document.querySelectorAll('.slider input')) {
          input.addEventListener('input', () => input.previousElementSibling.style.setProperty('--split', input.value + '%'));
        }
        """
}
