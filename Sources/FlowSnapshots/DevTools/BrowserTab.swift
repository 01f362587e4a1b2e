import Foundation
import Synchronization

/// One tab of a headless Chromium, in a browser context of its own (so its own renderer process:
/// a page that hangs or crashes takes no other tab with it), set up to shoot a phone's screen:
/// the viewport and scale fixed, the colour scheme emulated, motion reduced, the page told it has
/// the focus (every tab alike, so none draws its focus ring or caret differently).
final class BrowserTab: Sendable {
    /// The size of the page's viewport, in CSS pixels.
    struct Viewport: Sendable, Equatable, Codable {
        /// Width in CSS pixels.
        var width: Int
        /// Height in CSS pixels.
        var height: Int
    }

    /// A page's picture and the files it loaded.
    struct Shot: Sendable {
        /// The screen element's pixels, as Chromium encoded them.
        let png: Data
        /// The URL of every file the page loaded (stylesheets, fonts, images).
        let loaded: [String]
    }

    private let connection: DevToolsConnection
    private let context: String
    private let target: String
    private let session: String
    /// The colour scheme emulated now (dark or not); nil before the first shot.
    private let dark = Mutex<Bool?>(nil)

    private init(connection: DevToolsConnection, context: String, target: String, session: String) {
        self.connection = connection
        self.context = context
        self.target = target
        self.session = session
    }

    /// Opens a tab on `connection` for pages of `viewport`, drawn at `scale` device pixels per CSS
    /// pixel.
    static func open(on connection: DevToolsConnection, viewport: Viewport, scale: Double) async throws
        -> BrowserTab
    {
        let context = try await connection.send(
            "Target.createBrowserContext", Empty(), as: ContextCreated.self
        ).browserContextId
        let target = try await connection.send(
            "Target.createTarget", CreateTarget(url: "about:blank", browserContextId: context), as: TargetCreated.self
        ).targetId
        let session = try await connection.send(
            "Target.attachToTarget", Attach(targetId: target, flatten: true), as: Attached.self
        ).sessionId
        let tab = BrowserTab(connection: connection, context: context, target: target, session: session)
        try await tab.command("Page.enable")
        try await tab.command("Inspector.enable")
        try await tab.command(
            "Emulation.setDeviceMetricsOverride",
            DeviceMetrics(width: viewport.width, height: viewport.height, deviceScaleFactor: scale, mobile: false))
        try await tab.command("Emulation.setFocusEmulationEnabled", Enabled(enabled: true))
        return tab
    }

    /// Loads `url` in the dark colour scheme when `dark` (else the light one), waits for its load
    /// event (every stylesheet, font and image), its fonts and a frame, and captures the page's
    /// `.screen` element (the whole viewport when it has none).
    ///
    /// - Throws: ``DevToolsError/timedOut(what:seconds:)`` when the page does not load within
    ///   `timeout`; other ``DevToolsError``s when the tab or Chromium goes away.
    func shoot(_ url: URL, dark: Bool, timeout: Duration) async throws -> Shot {
        if self.dark.withLock({ $0 }) != dark {
            try await command(
                "Emulation.setEmulatedMedia",
                EmulatedMedia(features: [
                    .init(name: "prefers-color-scheme", value: dark ? "dark" : "light"),
                    .init(name: "prefers-reduced-motion", value: "reduce"),
                ]))
            self.dark.withLock { $0 = dark }
        }
        let loaded = connection.expect("Page.loadEventFired", session: session)
        let navigation: Navigated
        do {
            navigation = try await connection.send(
                "Page.navigate", Navigate(url: url.absoluteString), session: session, timeout: timeout,
                as: Navigated.self)
        } catch {
            connection.cancel(loaded)
            throw error
        }
        if let failure = navigation.errorText {
            connection.cancel(loaded)
            throw DevToolsError.command(method: "Page.navigate", message: failure)
        }
        _ = try await connection.wait(for: loaded, timeout: timeout, what: "loading the page")
        let evaluated = try await connection.send(
            "Runtime.evaluate", Evaluate(expression: Self.measure, awaitPromise: true, returnByValue: true),
            session: session, timeout: timeout, as: Evaluated.self)
        guard let box = evaluated.result.value else {
            throw DevToolsError.unreadable(
                method: "Runtime.evaluate", reason: evaluated.exceptionDetails?.text ?? "no screen measured")
        }
        let resources = try await connection.send(
            "Page.getResourceTree", session: session, timeout: timeout, as: ResourceTree.self)
        let clip = Clip(x: box.x, y: box.y, width: box.width, height: box.height, scale: 1)
        let captured = try await connection.send(
            "Page.captureScreenshot",
            Capture(format: "png", clip: clip, fromSurface: true, captureBeyondViewport: false),
            session: session, timeout: timeout, as: Captured.self)
        guard let png = Data(base64Encoded: captured.data) else {
            throw DevToolsError.unreadable(method: "Page.captureScreenshot", reason: "not base64")
        }
        return Shot(png: png, loaded: resources.frameTree.urls.filter { $0 != url.absoluteString })
    }

    /// Closes the tab and its browser context (a hung renderer with them). Errors are ignored: the
    /// tab is dropped either way.
    func close() async {
        _ = try? await connection.send("Target.closeTarget", CloseTarget(targetId: target), timeout: .seconds(5))
        _ = try? await connection.send(
            "Target.disposeBrowserContext", DisposeContext(browserContextId: context), timeout: .seconds(5))
    }

    /// Crashes the tab's renderer (`Page.crash`): what the tests do to see a crash handled.
    func crash() async {
        _ = try? await connection.send("Page.crash", session: session, timeout: .seconds(5))
    }

    private func command(_ method: String, _ params: some Encodable & Sendable = Empty()) async throws {
        _ = try await connection.send(method, params, session: session)
    }

    /// Waits for the fonts in use and an animation frame (the page laid out with them; the capture
    /// then draws a frame of its own), then measures the phone's screen.
    static let measure = """
        (async () => {
          await document.fonts.ready;
          await new Promise(done => requestAnimationFrame(done));
          const screen = document.querySelector('.screen') || document.documentElement;
          const box = screen.getBoundingClientRect();
          return { x: box.x, y: box.y, width: box.width, height: box.height };
        })()
        """
}

extension BrowserTab {
    private typealias Empty = DevToolsConnection.Empty

    private struct ContextCreated: Decodable { let browserContextId: String }
    private struct CreateTarget: Encodable, Sendable {
        let url: String
        let browserContextId: String
    }
    private struct TargetCreated: Decodable { let targetId: String }
    private struct Attach: Encodable, Sendable {
        let targetId: String
        let flatten: Bool
    }
    private struct Attached: Decodable { let sessionId: String }
    private struct CloseTarget: Encodable, Sendable { let targetId: String }
    private struct DisposeContext: Encodable, Sendable { let browserContextId: String }
    private struct DeviceMetrics: Encodable, Sendable {
        let width: Int
        let height: Int
        let deviceScaleFactor: Double
        let mobile: Bool
    }
    private struct EmulatedMedia: Encodable, Sendable {
        struct Feature: Encodable, Sendable {
            let name: String
            let value: String
        }
        let features: [Feature]
    }
    private struct Enabled: Encodable, Sendable { let enabled: Bool }
    private struct Navigate: Encodable, Sendable { let url: String }
    private struct Navigated: Decodable { let errorText: String? }
    private struct Evaluate: Encodable, Sendable {
        let expression: String
        let awaitPromise: Bool
        let returnByValue: Bool
    }
    private struct Evaluated: Decodable {
        struct Box: Decodable {
            let x: Double
            let y: Double
            let width: Double
            let height: Double
        }
        struct Result: Decodable { let value: Box? }
        struct Exception: Decodable { let text: String }
        let result: Result
        let exceptionDetails: Exception?
    }
    private struct Clip: Encodable, Sendable {
        let x: Double
        let y: Double
        let width: Double
        let height: Double
        let scale: Double
    }
    private struct Capture: Encodable, Sendable {
        let format: String
        let clip: Clip
        let fromSurface: Bool
        let captureBeyondViewport: Bool
    }
    private struct Captured: Decodable { let data: String }
    /// The page's frames and what each loaded (stylesheets, fonts, images, also those that failed).
    private struct ResourceTree: Decodable {
        struct Frame: Decodable {
            struct Resource: Decodable { let url: String }
            let resources: [Resource]
            let childFrames: [Frame]?

            /// Every resource's URL, in this frame and the frames in it.
            var urls: [String] {
                resources.map(\.url) + (childFrames ?? []).flatMap(\.urls)
            }
        }
        let frameTree: Frame
    }
}
