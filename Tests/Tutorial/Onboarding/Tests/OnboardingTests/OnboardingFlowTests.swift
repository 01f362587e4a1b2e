import FlowTesting
import HTMLPresenter
import Testing

@testable import Onboarding

@MainActor @Test func signingUpShowsTheTabsAndSigningOutTheWelcome() async throws {
    let window = HTMLWindow()
    let store = FlowTestStore(flow: OnboardingFlow(window: window), initialStep: OnboardingStep.welcome, inWindow: true)
    await store.settle()
    let signUp = try #require(window.updatedScreenTree().action("step signUp"))
    _ = try await window.perform(signUp.token)
    await store.settle()

    // A short password is refused with a field error, on the same screen.
    let form = try #require(window.updatedScreenTree().action("form"))
    let refused = try await window.perform(
        form.token, fields: ["name": "Ada", "email": "ada@example.com", "password": "short"])
    #expect(refused == .invalid(["password": "Use at least 8 characters."]))

    let create = try #require(window.updatedScreenTree().action("form"))
    _ = try await window.perform(
        create.token, fields: ["name": "Ada", "email": "ada@example.com", "password": "correct horse"])
    await store.settle()
    #expect(window.updatedScreenTree().visibleScreen?.title == "Home")

    let settings = try #require(window.updatedScreenTree().action("tab Settings"))
    _ = try await window.perform(settings.token)
    let signOut = try #require(window.updatedScreenTree().action("step signOut"))
    _ = try await window.perform(signOut.token)
    await store.settle()
    #expect(window.updatedScreenTree().visibleScreen?.title == "Welcome")
}
