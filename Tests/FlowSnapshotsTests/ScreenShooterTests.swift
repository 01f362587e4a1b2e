import Foundation
import HTMLPresenter
import Synchronization
import Testing

@testable import FlowSnapshots

/// Several tabs at once, a page that never loads, Chromium dying in the middle of a run.
@Suite("Shooting pages in several tabs")
struct ScreenShooterTests {
    static let settings = ScreenShooter.Settings(
        viewport: BrowserTab.Viewport(width: 390, height: 844), scale: 1, tabs: 2, pageTimeout: .seconds(5))

    /// Shoots `names` (pages of `folder`) with `shooter`; returns each page's outcome by name.
    /// `afterFirst` runs once, after the first picture.
    func shoot(
        _ names: [String], in folder: URL, with shooter: ScreenShooter,
        afterFirst: @escaping @Sendable () async -> Void = {}
    ) async throws -> [String: Result<Data, DevToolsError>] {
        let outcomes = Mutex([String: Result<Data, DevToolsError>]())
        let jobs = names.map { ScreenShooter.Job(url: folder.appending(path: $0), dark: false) }
        try await shooter.shoot(jobs) { index, result in
            let isFirst = outcomes.withLock { outcomes in
                outcomes[names[index]] = result.map(\.png)
                return outcomes.count == 1
            }
            if isFirst { await afterFirst() }
        }
        await shooter.stop()
        return outcomes.withLock { $0 }
    }

    func pages(_ count: Int) -> [String: String] {
        var files = ["box.css": ChromiumTests.boxStyle]
        for index in 0..<count { files["page\(index).html"] = ChromiumTests.boxPage }
        return files
    }

    @Test("a page that never finishes loading fails alone, after the timeout; the others are shot")
    func pageThatDoesNotLoad() async throws {
        var files = pages(4)
        files["hang.html"] = "<!doctype html><title>Hang</title><script>for (;;) {}</script>"
        let folder = try ChromiumTests.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Self.settings
        settings.pageTimeout = .seconds(3)
        let shooter = ScreenShooter(chromium: try Chromium.find(), fonts: ChromiumTests.fonts, settings: settings)
        let outcomes = try await shoot(
            ["page0.html", "hang.html", "page1.html", "page2.html", "page3.html"], in: folder, with: shooter)
        #expect(outcomes.count == 5)
        guard case .failure(.timedOut) = outcomes["hang.html"] else {
            Issue.record("the hanging page: \(String(describing: outcomes["hang.html"]))")
            return
        }
        for index in 0..<4 {
            #expect((try? outcomes["page\(index).html"]?.get())?.isEmpty == false, "page\(index) shot")
        }
    }

    @Test("Chromium crashing in the middle of a run is started again, and every page is shot")
    func chromiumCrash() async throws {
        let folder = try ChromiumTests.folder(pages(8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let shooter = ScreenShooter(chromium: try Chromium.find(), fonts: ChromiumTests.fonts, settings: Self.settings)
        let names = (0..<8).map { "page\($0).html" }
        let outcomes = try await shoot(names, in: folder, with: shooter) {
            _ = try? await shooter.currentProcess?.connection.send("Browser.crash", timeout: .seconds(5))
        }
        #expect(await shooter.restarts == 1)
        let pictures = names.compactMap { try? outcomes[$0]?.get() }
        #expect(pictures.count == 8, "\(outcomes.filter { (try? $0.value.get()) == nil })")
        #expect(Set(pictures).count == 1, "the same page, the same bytes, before and after the restart")
    }
}
