import FlowHostApp
import HTMLPresenter
import Logging
import Testing

@testable import WebHost

@Suite("A session's step log")
struct SessionLogTests {
    @Test("keeps the steps the inspector shows, no more, however long the session goes")
    func bounded() async throws {
        // Given a host of the lab
        let host = SessionHost(
            app: try labApp(), configuration: WebHostConfiguration(), paths: MemoryClickPathStore(),
            logger: Logger(label: "test"))

        // When a session starts and then takes more steps than the inspector shows
        let session = await host.startSession()
        for number in 1...(SessionHost.inspectedSteps + 20) {
            let next = try #require(
                await MainActor.run {
                    session.scene?.window.updatedScreenTree().action("step page(\(number + 1))")?.token
                })
            _ = try await host.update(session, .perform(token: next, fields: FormFields()))
        }

        // Then its log holds exactly the newest steps the inspector shows
        let log = try #require(await MainActor.run { session.scene?.coordinator?.log })
        #expect(await MainActor.run { session.scene?.coordinator?.logCapacity } == SessionHost.inspectedSteps)
        #expect(log.count == SessionHost.inspectedSteps)
        #expect(log.last.map(\.sequence) ?? 0 > SessionHost.inspectedSteps)
    }
}
