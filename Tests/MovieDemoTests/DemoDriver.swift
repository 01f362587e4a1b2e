import FlowCore
import FlowHostApp
import FlowTesting
import Foundation
import HTMLPresenter
import Testing

@testable import MovieDemo

/// The whole sample in a window, driven through its on-screen actions as a browser would.
@MainActor
final class DemoDriver {
    let window = HTMLWindow()
    let coordinator = FlowCoordinator()
    let appFlow: AppFlow

    /// The repository's root folder.
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The sample as `flowhost serve` serves it (its templates, its deep links).
    static let app = try! MovieDemo.app(templates: root.appending(path: "Templates").path)
    static var templates: TemplateLibrary { app.templates }

    init() async {
        appFlow = AppFlow(window: window, signInDelay: .zero)
        coordinator.coordinate(flow: appFlow, with: OneStepper(withSingleStep: AppStep.start))
        await coordinator.waitUntilIdle()
    }

    var tree: ScreenTree { window.updatedScreenTree() }
    var title: String? { tree.visibleScreen?.title }

    /// The rendered page on screen now.
    func page() throws -> String {
        try PageRenderer(templates: Self.templates).render(tree, links: .snapshot)
    }

    /// Performs the on-screen action whose description is `description` and waits for navigation.
    @discardableResult
    func perform(_ description: String, fields: [String: String] = [:]) async throws -> ActionResult {
        let action = try #require(
            tree.action(description), "no action '\(description)' among \(tree.actions.map(\.description))")
        let result = try await window.perform(
            action.token, fields: FormFields(fields.map { FormFields.Field(name: $0.key, value: $0.value) }))
        await coordinator.waitUntilIdle()
        return result
    }

    /// Opens the deep link `/link/<path>` as the web host does, and waits for navigation.
    func open(_ path: String) async throws {
        let step = try #require(Self.app.deepLinks.step(for: path), "no link \(path)")
        coordinator.navigate(to: step)
        await coordinator.waitUntilIdle()
    }

    func signIn() async throws {
        try await perform("form", fields: ["email": Account.demoEmail, "password": Account.demoPassword])
    }
}
