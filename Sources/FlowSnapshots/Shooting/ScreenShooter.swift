import Foundation

/// Shoots pages in several tabs of one headless Chromium at once. When Chromium dies (a crash, a
/// kill) it is started again and the pages it was shooting are shot again; a tab whose renderer
/// crashed is replaced and its page shot again; a page that does not load in time fails alone,
/// its tab replaced, and the others go on.
actor ScreenShooter {
    /// How pages are shot.
    struct Settings: Sendable {
        /// The viewport, in CSS pixels.
        var viewport: BrowserTab.Viewport
        /// Device pixels per CSS pixel.
        var scale: Double
        /// How many tabs shoot at once.
        var tabs: Int
        /// How long a page may take to load and be captured.
        var pageTimeout: Duration
    }

    /// One page to shoot.
    struct Job: Sendable {
        /// The page's file.
        let url: URL
        /// In the dark colour scheme.
        let dark: Bool
    }

    private let chromium: Chromium
    private let fonts: URL
    private let settings: Settings
    private var process: ChromiumProcess?
    private var generation = 0
    private var queue: [Int] = []
    /// How many times Chromium was started again after it went away.
    private(set) var restarts = 0

    /// A shooter with `chromium`, its fonts from `fonts` (the chrome's OpenType files, `Chrome.fontFilesDirectory`).
    init(chromium: Chromium, fonts: URL, settings: Settings) {
        self.chromium = chromium
        self.fonts = fonts
        self.settings = settings
    }

    /// Shoots every job, calling `handle` with each one's index and its shot or why it failed, as
    /// they come (from several tasks at once).
    ///
    /// - Throws: ``ChromiumError`` when Chromium cannot be started (again).
    func shoot(
        _ jobs: [Job], handle: @escaping @Sendable (Int, Result<BrowserTab.Shot, DevToolsError>) async -> Void
    ) async throws(ChromiumError) {
        queue = Array(jobs.indices.reversed())
        let failure = await withTaskGroup(of: ChromiumError?.self) { group in
            for _ in 0..<max(1, min(settings.tabs, jobs.count)) {
                group.addTask { await self.work(jobs, handle: handle) }
            }
            var failure: ChromiumError?
            for await result in group where result != nil { failure = failure ?? result }
            return failure
        }
        if let failure { throw failure }
    }

    /// The Chromium process now (for the benchmark's memory figures and the tests' crashes).
    var currentProcess: ChromiumProcess? { process }

    /// Closes Chromium.
    func stop() async {
        await process?.stop()
        process = nil
    }

    // MARK: Workers

    private func nextJob() -> Int? {
        queue.popLast()
    }

    /// One tab's loop: takes jobs until none is left. Returns why Chromium could not be started,
    /// if it could not.
    private nonisolated func work(
        _ jobs: [Job], handle: @Sendable (Int, Result<BrowserTab.Shot, DevToolsError>) async -> Void
    ) async -> ChromiumError? {
        var tab: (tab: BrowserTab, generation: Int)?
        while let index = await nextJob() {
            var attempts = 0
            while true {
                attempts += 1
                do {
                    if tab == nil { tab = try await openTab() }
                    let shot = try await tab!.tab.shoot(
                        jobs[index].url, dark: jobs[index].dark, timeout: settings.pageTimeout)
                    await handle(index, .success(shot))
                    break
                } catch let error as ChromiumError {
                    return error
                } catch let error as DevToolsError {
                    if case .closed = error {
                        // Chromium died under this tab (openTab restarts it itself when it dies
                        // under a tab being made).
                        if let open = tab {
                            do throws(ChromiumError) { try await restart(after: open.generation) } catch {
                                return error
                            }
                        }
                    } else if let open = tab {
                        await open.tab.close()
                    }
                    tab = nil
                    // A crash is tried once more; a page that does not load in time is not.
                    let retry: Bool
                    switch error {
                    case .closed, .tabGone: retry = attempts < 2
                    default: retry = false
                    }
                    if !retry {
                        await handle(index, .failure(error))
                        break
                    }
                } catch {
                    await handle(index, .failure(.unreadable(method: "shooting", reason: "\(error)")))
                    break
                }
            }
        }
        if let tab { await tab.tab.close() }
        return nil
    }

    /// A new tab on the running Chromium, started first when there is none (and again when it
    /// dies while the tab is being made).
    private func openTab() async throws -> (tab: BrowserTab, generation: Int) {
        let generation = self.generation
        let process = try launchedProcess()
        do {
            let tab = try await BrowserTab.open(
                on: process.connection, viewport: settings.viewport, scale: settings.scale)
            return (tab, generation)
        } catch DevToolsError.closed(let reason) {
            try await restart(after: generation)
            throw DevToolsError.closed(reason: reason)
        }
    }

    private func launchedProcess() throws(ChromiumError) -> ChromiumProcess {
        if let process { return process }
        let launched = try ChromiumProcess.launch(chromium, fonts: fonts)
        process = launched
        return launched
    }

    /// Starts Chromium again unless that was done already since `generation` (another tab saw the
    /// same death first).
    private func restart(after generation: Int) async throws(ChromiumError) {
        guard generation == self.generation else { return }
        self.generation += 1
        restarts += 1
        let dead = process
        process = nil
        await dead?.stop()
        _ = try launchedProcess()
    }
}
