import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import Synchronization

/// Pixel snapshots of every state of a crawled app: each state's screen shot in headless Chromium
/// and compared with its baseline picture.
///
/// HTML first: a state whose page and the files it loads are unchanged since its baseline was
/// taken is not shot again (``SnapshotOptions/all`` shoots it anyway, ``SnapshotOptions/everyScreen``
/// one state of each screen). A shot picture with the
/// same bytes as its baseline is the same; otherwise both are decoded and compared perceptually
/// (``PixelDiff``). Pictures are named by their state's click path (``FlowCrawl/FlowMap/State/snapshotName``),
/// so a new state elsewhere renames none; baselines whose state is gone are listed.
///
/// ```swift
/// let snapshots = try PixelSnapshots(baseline: URL(filePath: "Snapshots"), report: URL(filePath: "report"))
/// let run = try await snapshots.run(try await Crawler(app: app).crawl(), app: app)
/// print(run.summary)  // "574 pictures: 2 changed, 572 same; 2 shot"
/// ```
///
/// Everything that can be checked before work is checked by the initializer: Chromium is there,
/// every baseline file is a PNG, the folders to be written can be written.
public struct PixelSnapshots: Sendable {
    /// The Chromium that shoots.
    public let chromium: Chromium
    /// How pictures are taken and compared.
    public let options: SnapshotOptions
    private let baseline: BaselineFolder
    private let report: URL?

    /// Snapshots compared with the pictures in `baseline` (a folder; missing: none yet), with a
    /// review report written into `report` when given.
    ///
    /// - Throws: ``SnapshotError`` when Chromium is missing, a baseline file is no PNG, or a
    ///   folder to be written (the baseline when recording, the report) cannot be.
    public init(baseline: URL, report: URL?, options: SnapshotOptions = SnapshotOptions()) throws(SnapshotError) {
        if options.recording != .never { try WritableFolder.check(baseline) }
        if let report {
            try WritableFolder.check(report)
            try ReviewReport.checkFolder(report)
        }
        self.baseline = try BaselineFolder(baseline)
        do {
            chromium = try Chromium.find(options.chromium)
        } catch {
            throw .chromium(error)
        }
        self.options = options
        self.report = report
    }

    /// The scale the baselines in `folder` were shot at; nil when there are none (or no record of them).
    public static func baselineScale(in folder: URL) -> Double? {
        guard let data = FileManager.default.contents(atPath: folder.appending(path: BaselineFolder.manifestFile).path)
        else { return nil }
        return try? JSONDecoder().decode(BaselineManifest.self, from: data).scale
    }

    /// What is to be said once before the run: the baselines were shot with another major version
    /// of Chromium, or at another size.
    public var notices: [String] {
        guard let manifest = baseline.manifest else { return [] }
        var notices: [String] = []
        if Chromium.major(of: manifest.chromium) != chromium.majorVersion {
            notices.append(
                "The baselines in \(baseline.url.path) were shot with Chromium \(manifest.chromium); this is Chromium "
                    + "\(chromium.version). Pictures may differ in anti-aliasing: shoot every state with --all to see, "
                    + "and record them all again with --record --all once they look right.")
        }
        if manifest.width != options.width || manifest.height != options.height || manifest.scale != options.scale {
            notices.append(
                "The baselines were shot at \(manifest.width) x \(manifest.height) at \(Self.format(manifest.scale))x; "
                    + "this run shoots at \(options.width) x \(options.height) at \(Self.format(options.scale))x, so "
                    + "every picture differs: give the same size and scale, or record them again with --record --all.")
        }
        return notices
    }

    /// Shoots what needs shooting, compares, records as ``SnapshotOptions/recording`` says and
    /// writes the report, which shows `acceptCommand` as the way to accept the changes. `progress`
    /// is called after each picture shot with how many are done of how many.
    ///
    /// - Throws: ``SnapshotError`` when the run cannot go on: Chromium cannot be started (again),
    ///   a baseline picture is a damaged PNG, a file cannot be written, a page does not render.
    public func run(
        _ crawl: Crawl, app: WebApp, acceptCommand: String = "flowhost snapshot --record",
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws(SnapshotError) -> SnapshotRun {
        let assets = AssetFolders(chrome: Chrome.publicDirectory, publicDirectory: app.publicDirectory)
        let pages = try shotPages(crawl, app: app)
        let sampled = options.everyScreen ? Set(crawl.map.storyboard.screens.compactMap { $0.states.min() }) : []
        var outcomes: [String: StateSnapshot] = [:]
        var toShoot: [ShotPage] = []
        for page in pages {
            if !options.shootsAll, !sampled.contains(page.state.id), let entry = baseline.manifest?.states[page.name],
                baseline.pictures.contains(page.name),
                entry.digest == page.digest(loading: entry.assets, from: assets, options: options)
            {
                outcomes[page.name] = StateSnapshot(
                    name: page.name, screen: page.screen, title: page.state.title, clickPath: page.state.clickPath,
                    steps: page.steps, status: .same, differentPixels: 0, wasShot: false, wasRecorded: false,
                    expected: baseline.file(page.name))
            } else {
                toShoot.append(page)
            }
        }
        let reportFolder = try report.map { url throws(SnapshotError) in try ReviewReport.prepare(url) }
        let comparer = ShotComparer(
            baseline: baseline, reportImages: reportFolder?.appending(path: ReviewReport.imagesFolder),
            options: options, assets: assets)
        let restarts = try await shoot(toShoot, with: comparer, progress: progress)
        for compared in comparer.results { outcomes[compared.snapshot.name] = compared.snapshot }
        var written = baseline
        for gone in try goneStates(besides: Set(pages.map(\.name)), from: &written, report: reportFolder) {
            outcomes[gone.name] = gone
        }
        if options.recording != .never { try saveManifest(of: &written, with: comparer.results) }
        var notices = notices
        if restarts > 0 {
            notices.append("Chromium went away \(restarts) time\(restarts == 1 ? "" : "s") and was started again.")
        }
        let order = Dictionary(
            crawl.map.storyboard.screens.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let states = outcomes.values.sorted { Self.precedes($0, $1, screenOrder: order) }
        var run = SnapshotRun(
            chromium: chromium.version, states: states, notices: notices, chromiumRestarts: restarts, report: nil)
        if let reportFolder {
            run = try ReviewReport(
                run: run, crawl: crawl, options: options, baseline: baseline.url, acceptCommand: acceptCommand
            ).write(to: reportFolder)
        }
        return run
    }

    /// The baselines whose state the crawl no longer reaches (their pictures copied into the
    /// report; removed from `written` when recording removes them). A dark picture counts only
    /// when dark pictures are shot.
    private func goneStates(besides current: Set<String>, from written: inout BaselineFolder, report: URL?)
        throws(SnapshotError) -> [StateSnapshot]
    {
        var gone: [StateSnapshot] = []
        for name in baseline.names.sorted() where !current.contains(name) && (options.dark || !name.hasSuffix(".dark"))
        {
            let entry = baseline.manifest?.states[name]
            let removes = options.recording.records(.gone)
            var expected: URL? = baseline.pictures.contains(name) ? baseline.file(name) : nil
            if let report, let file = expected {
                expected = try ReviewReport.copy(file, into: report, as: name + ".expected.png")
            }
            if removes { try written.remove(name) }
            gone.append(
                StateSnapshot(
                    name: name, screen: entry?.screen ?? "", title: entry?.title ?? name, clickPath: nil, steps: [],
                    status: .gone, differentPixels: nil, wasShot: false, wasRecorded: removes, expected: expected))
        }
        return gone
    }

    /// Records in `written`'s manifest what was recorded, and the new digest of every picture found
    /// the same (so that it is not shot again), and saves it. The Chromium version and the settings
    /// change only when every picture was taken again (or there were none).
    private func saveManifest(of written: inout BaselineFolder, with results: [ShotComparer.Compared])
        throws(SnapshotError)
    {
        var manifest =
            baseline.manifest
            ?? BaselineManifest(
                chromium: chromium.version, width: options.width, height: options.height, scale: options.scale,
                states: [:])
        for compared in results where compared.snapshot.wasRecorded || compared.snapshot.status == .same {
            manifest.states[compared.snapshot.name] = compared.entry
            if compared.snapshot.wasRecorded { written.notePicture(compared.snapshot.name) }
        }
        if baseline.manifest == nil || options.recording == .all {
            manifest.chromium = chromium.version
            manifest.width = options.width
            manifest.height = options.height
            manifest.scale = options.scale
        }
        manifest.states = manifest.states.filter { written.pictures.contains($0.key) }
        written.record(manifest)
        try written.save()
    }

    // MARK: Pages

    private func shotPages(_ crawl: Crawl, app: WebApp) throws(SnapshotError) -> [ShotPage] {
        let renderer = PageRenderer(templates: app.templates)
        var screens: [Int: String] = [:]
        for screen in crawl.map.storyboard.screens {
            for state in screen.states { screens[state] = screen.id }
        }
        let steps = StatePaths.labels(crawl.map)
        var pages: [ShotPage] = []
        for (state, page) in zip(crawl.map.states, crawl.pages) {
            let html = try ShotPage.render(page, of: state, renderer: renderer)
            for dark in options.dark ? [false, true] : [false] {
                pages.append(
                    ShotPage(
                        name: state.snapshotName + (dark ? ".dark" : ""), state: state, screen: screens[state.id] ?? "",
                        steps: steps[state.id], html: html, dark: dark))
            }
        }
        return pages
    }

    // MARK: Shooting

    /// Shoots `pages` from a temporary folder laid out as an export (the pages, `flowhost/`,
    /// `public/`), comparing each as it comes; returns how many times Chromium was restarted.
    private func shoot(
        _ pages: [ShotPage], with comparer: ShotComparer, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws(SnapshotError) -> Int {
        guard !pages.isEmpty else { return 0 }
        var template = Array((FileManager.default.temporaryDirectory.path + "/flowhost-shots.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .cannotWrite(path: FileManager.default.temporaryDirectory.path, reason: "no temporary folder")
        }
        let folder = URL(filePath: String(cString: made), directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: folder) }
        var jobs: [ScreenShooter.Job] = []
        do {
            try comparer.assets.copy(into: folder)
            for page in pages {
                let file = folder.appending(path: page.name + ".html")
                try Data(page.shotHTML.utf8).write(to: file)
                jobs.append(ScreenShooter.Job(url: file, dark: page.dark))
            }
        } catch {
            throw .cannotWrite(path: folder.path, reason: error.localizedDescription)
        }
        let shooter = ScreenShooter(
            chromium: chromium, fonts: Chrome.fontFilesDirectory,
            settings: .init(
                viewport: options.viewport, scale: options.scale, tabs: options.tabs, pageTimeout: options.pageTimeout))
        let prefix = folder.absoluteString
        let done = Mutex(0)
        do throws(ChromiumError) {
            try await shooter.shoot(jobs) { index, result in
                // The files of the folder by their path in it; a `data:` URL is part of what holds it.
                let loaded = (try? result.get())?.loaded.compactMap { url in
                    url.hasPrefix(prefix)
                        ? String(url.dropFirst(prefix.count)).removingPercentEncoding
                        : url.hasPrefix("data:") ? nil : url
                }
                comparer.compare(pages[index], shot: result.map(\.png), loaded: loaded ?? [])
                progress(
                    done.withLock {
                        $0 += 1; return $0
                    }, pages.count)
            }
        } catch {
            await shooter.stop()
            throw .chromium(error)
        }
        let restarts = await shooter.restarts
        await shooter.stop()
        if let failure = comparer.failure { throw failure }
        return restarts
    }

    // MARK: Order

    /// Changed, new, gone, failed, then the same; each by storyboard screen, then by name.
    private static func precedes(_ a: StateSnapshot, _ b: StateSnapshot, screenOrder: [String: Int]) -> Bool {
        let rank = SnapshotStatus.allCases
        let (rankA, rankB) = (rank.firstIndex(of: a.status)!, rank.firstIndex(of: b.status)!)
        if rankA != rankB { return rankA < rankB }
        let (screenA, screenB) = (screenOrder[a.screen] ?? Int.max, screenOrder[b.screen] ?? Int.max)
        if screenA != screenB { return screenA < screenB }
        return a.name < b.name
    }

    private static func format(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }
}
