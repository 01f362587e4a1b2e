import ServiceLifecycle

/// Ends idle sessions now and then, logs the session and stream counts when they changed, and
/// stops every session when the server stops.
struct SessionSweeper: Service {
    let host: SessionHost

    func run() async throws {
        let configuration = host.configuration
        let interval = min(
            configuration.idleTimeout / 4, configuration.hibernateAfter / 4, configuration.statusLogInterval)
        var logged: HostStatus?
        while (try? await cancelWhenGracefulShutdown({ try await Task.sleep(for: interval) })) != nil {
            await host.closeIdleSessions()
            await host.hibernateUnusedSessions()
            let status = host.status
            if status != logged {
                host.logger.info("\(status)")
                logged = status
            }
        }
        await host.stopSessions()
    }
}
