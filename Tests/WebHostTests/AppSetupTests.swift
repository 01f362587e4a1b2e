import FlowCore
import FlowHostApp
import Foundation
import HTMLPresenter
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import WebHost

@Suite("Mistakes in setting up an app")
struct AppSetupTests {
    @Test("a public folder that does not exist is an error naming it")
    func missingPublicFolder() throws {
        let missing = FileManager.default.temporaryDirectory.appending(path: "no-such-public-\(UUID())")
        #expect(throws: WebAppError.noPublicDirectory(missing)) {
            try WebApp(templates: try TemplateLibrary(templates: [:]), publicDirectory: missing) { _ in
                FlowCoordinator()
            }
        }
        #expect(
            WebAppError.noPublicDirectory(missing).description.hasSuffix(
                "\(missing.lastPathComponent): no such public directory"))
    }

    @Test("a window left without a root answers a page that says so, and the log warns once")
    func windowWithoutRoot() async throws {
        // Given an app whose start forgets window.rootViewController
        let app = try WebApp(templates: try TemplateLibrary(templates: [:])) { _ in FlowCoordinator() }
        let messages = RecordingLogHandler.Messages()
        var logger = Logger(label: "empty") { _ in RecordingLogHandler(messages: messages) }
        logger.logLevel = .warning
        var configuration = WebHostConfiguration()
        configuration.port = 0
        let server = FlowHostServer(app: app, configuration: configuration, logger: logger)
        try await server.makeApplication().test(.router) { client in
            // When a browser opens it twice
            var browser = Browser(client)
            let first = try await browser.open()
            let second = try await browser.open()

            // Then each page explains what is missing, and the warning is logged once
            for page in [first, second] {
                #expect(page.status == .ok)
                #expect(String(buffer: page.body).contains("Nothing on screen"))
                #expect(String(buffer: page.body).contains("window.rootViewController"))
            }
            let warnings = messages.all.filter {
                $0.level == .warning && $0.message.contains("no root view controller")
            }
            #expect(warnings.count == 1)
        }
    }
}
