import FlowHostApp
import HTMLPresenter
import Logging
import Testing

@testable import WebHost

/// A process told late (by the store's change stream) of a change that a GET's path length cookie
/// had it fetch already.
@Suite("A copy told of a change it holds already")
struct UpToDateCopyTests {
    @Test("keeps its scene: the page it just showed keeps its actions, nothing is replayed")
    func keepsItsPage() async throws {
        // Given a process whose copy of a session holds what the store holds, and the page it showed
        let cluster = ClusterStore()
        let host = SessionHost(
            app: try labApp(), configuration: WebHostConfiguration(), paths: cluster.process(),
            logger: Logger(label: "test"))
        let session = await host.startSession()
        let next = try #require(
            await MainActor.run { session.scene?.window.updatedScreenTree().action("step page(2)")?.token })
        _ = try await host.update(session, .perform(token: next, fields: FormFields()))
        let shown = try #require(
            await MainActor.run { session.scene?.window.updatedScreenTree().action("step page(3)")?.token })

        // When the store's word of that change comes, and the page is published again
        #expect(await host.reloadFromStore(session))
        _ = try await host.update(session, .none)

        // Then the page is the one shown, its actions and all (a copy replayed whole would issue
        // new ones, and move the open page for nothing), and they act
        let now = await MainActor.run { session.scene?.window.updatedScreenTree().action("step page(3)")?.token }
        #expect(now == shown, "the same page, not one of a scene replayed anew")
        #expect(await MainActor.run { session.scene?.clickPath.entries.count } == 1)
        guard case .page = try await host.update(session, .perform(token: shown, fields: FormFields())) else {
            Issue.record("the page's action no longer acts")
            return
        }
        #expect(await MainActor.run { session.scene?.clickPath.entries.count } == 2)
    }
}
