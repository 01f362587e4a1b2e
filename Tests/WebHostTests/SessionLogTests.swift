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

    /// Takes `count` steps in `session` of `host`, each to the next page of the lab.
    static func takeSteps(_ count: Int, in session: Session, of host: SessionHost) async throws {
        for _ in 1...count {
            let next = try #require(
                await MainActor.run {
                    session.scene?.window.updatedScreenTree().actions.first { $0.description.hasPrefix("step page(") }?
                        .token
                })
            _ = try await host.update(session, .perform(token: next, fields: FormFields()))
        }
    }

    /// The sequence numbers of the log of `session`'s scene, and its capacity.
    static func log(of session: Session) async throws -> (entries: [Int], capacity: Int) {
        try #require(
            await MainActor.run {
                session.scene?.coordinator.map { ($0.log.map(\.sequence), $0.logCapacity) }
            })
    }

    @Test("with the inspector off, keeps the last step only (a replay waits on it), unless the debug log prints them")
    func withoutInspector() async throws {
        // Given hosts of the lab without the inspector, one of them logging at debug level
        var configuration = WebHostConfiguration()
        configuration.showsInspector = false
        var debug = Logger(label: "test")
        debug.logLevel = .debug
        let host = SessionHost(
            app: try labApp(), configuration: configuration, paths: MemoryClickPathStore(),
            logger: Logger(label: "test"))
        let debugHost = SessionHost(
            app: try labApp(), configuration: configuration, paths: MemoryClickPathStore(), logger: debug)

        // When a session of each takes steps
        let session = await host.startSession()
        let debugSession = await debugHost.startSession()
        try await Self.takeSteps(5, in: session, of: host)
        try await Self.takeSteps(5, in: debugSession, of: debugHost)

        // Then the first keeps its newest step only, the other what the inspector would show
        let (log, capacity) = try await Self.log(of: session)
        #expect(capacity == 1 && log.count == 1)
        #expect(log.last == (try await Self.log(of: debugSession)).entries.last)
        #expect((try await Self.log(of: debugSession)).capacity == SessionHost.inspectedSteps)
        #expect((try await Self.log(of: debugSession)).entries.count > 5)
    }

    @Test("a tester's keeps the last step only from the moment their study run begins: they have no inspector")
    func tester() async throws {
        // Given a session of the lab, with the inspector on
        let host = SessionHost(
            app: try labApp(), configuration: WebHostConfiguration(), paths: MemoryClickPathStore(),
            logger: Logger(label: "test"))
        let session = await host.startSession()
        #expect((try await Self.log(of: session)).capacity == SessionHost.inspectedSteps)

        // When it becomes a tester's and takes steps
        session.studyRun.withLock { $0 = StudyRun(studyID: "lab", study: SharedStudiesTests.decoded()) }
        await host.boundLog(of: session)
        try await Self.takeSteps(3, in: session, of: host)

        // Then its log keeps the newest step only
        let (log, capacity) = try await Self.log(of: session)
        #expect(capacity == 1 && log.count == 1)
        #expect(log.last ?? 0 > 3)
    }
}
