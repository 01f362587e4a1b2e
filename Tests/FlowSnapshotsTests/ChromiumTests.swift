import Foundation
import HTMLPages
import HTMLPresenter
import Testing

@testable import FlowSnapshots

/// The DevTools client against a real headless Chromium (Debian's), on tiny pages.
@Suite("Chromium over the DevTools pipe")
struct ChromiumTests {
    /// A temporary folder holding `files` (name: text).
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ChromiumTests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appending(path: name)) }
        return folder
    }

    /// A page whose `.screen` is a 100 x 50 box at 10, 20, blue (black in the dark scheme), with a stylesheet.
    static let boxPage = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Box</title>
        <link rel="stylesheet" href="box.css"></head><body><div class="screen"></div></body></html>
        """
    static let boxStyle = """
        body { margin: 0; background: #fff; }
        .screen { position: absolute; left: 10px; top: 20px; width: 100px; height: 50px; background: rgb(0, 128, 255); }
        @media (prefers-color-scheme: dark) { .screen { background: #000; } }
        """

    static let fonts = Chrome.publicDirectory.appending(path: "fonts")

    @Test("Debian's Chromium is found with its version; a missing one names the package to install")
    func find() throws {
        let chromium = try Chromium.find()
        #expect((chromium.majorVersion ?? 0) >= 100, "\(chromium.version)")
        let error = #expect(throws: ChromiumError.self) { try Chromium.find("/nonexistent/chromium") }
        #expect(error?.description.contains("apt-get install chromium") == true)
        #expect(error?.description.contains("\n") == false, "one line")
    }

    @Test("a tab shoots the screen element alone at the scale asked, the same bytes twice, and lists what it loaded")
    func shoot() async throws {
        let folder = try Self.folder(["box.html": Self.boxPage, "box.css": Self.boxStyle])
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try ChromiumProcess.launch(try Chromium.find(), fonts: Self.fonts)
        let tab = try await BrowserTab.open(
            on: process.connection, viewport: BrowserTab.Viewport(width: 390, height: 844), scale: 2)
        let page = folder.appending(path: "box.html")
        let first = try await tab.shoot(page, dark: false, timeout: .seconds(30))
        let second = try await tab.shoot(page, dark: false, timeout: .seconds(30))
        let dark = try await tab.shoot(page, dark: true, timeout: .seconds(30))
        await process.stop()

        let image = try PNGImage(png: first.png)
        #expect(image.width == 200 && image.height == 100, "the 100 x 50 box at 2x")
        // Typed apart: as one #expect the type checker gives up on it on a busy machine.
        let colours: Set<[UInt8]> = Set(
            stride(from: 0, to: image.pixels.count, by: 4).map { (start: Int) -> [UInt8] in
                Array(image.pixels[start..<start + 4])
            })
        #expect(colours == [[0, 128, 255, 255]])
        #expect(first.png == second.png, "the same page, the same bytes")
        #expect(first.loaded == [folder.appending(path: "box.css").absoluteString])
        #expect(try PNGImage(png: dark.png).pixels.prefix(4) == [0, 0, 0, 255], "dark colour scheme")
        #expect(!FileManager.default.fileExists(atPath: process.profile.path), "the profile is removed")
    }

    @Test("a tab whose renderer crashed fails with the tab gone, and Chromium's death closes the connection")
    func crashes() async throws {
        let folder = try Self.folder(["box.html": Self.boxPage, "box.css": Self.boxStyle])
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try ChromiumProcess.launch(try Chromium.find(), fonts: Self.fonts)
        let viewport = BrowserTab.Viewport(width: 390, height: 844)
        let tab = try await BrowserTab.open(on: process.connection, viewport: viewport, scale: 1)
        _ = try await tab.shoot(folder.appending(path: "box.html"), dark: false, timeout: .seconds(30))
        await tab.crash()
        await #expect(throws: DevToolsError.self) {
            _ = try await tab.shoot(folder.appending(path: "box.html"), dark: false, timeout: .seconds(30))
        }
        let other = try await BrowserTab.open(on: process.connection, viewport: viewport, scale: 1)
        _ = try await other.shoot(folder.appending(path: "box.html"), dark: false, timeout: .seconds(30))

        _ = try? await process.connection.send("Browser.crash", timeout: .seconds(5))
        let closed = await #expect(throws: DevToolsError.self) {
            _ = try await other.shoot(folder.appending(path: "box.html"), dark: false, timeout: .seconds(30))
        }
        if case .closed = closed {
        } else {
            Issue.record("expected the connection closed, got \(String(describing: closed))")
        }
        await process.stop()
    }
}
