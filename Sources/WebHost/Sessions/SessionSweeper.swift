import ServiceLifecycle

/// Ends idle sessions now and then, logs the session and stream counts when they changed, and
/// ends every session when the server stops.
struct SessionSweeper: Service {
    let host: SessionHost

    func run() async throws {
        let interval = min(host.configuration.idleTimeout / 4, host.configuration.statusLogInterval)
        var logged: HostStatus?
        while (try? await cancelWhenGracefulShutdown({ try await Task.sleep(for: interval) })) != nil {
            await host.closeIdleSessions()
            let status = host.status
            if status != logged {
                host.logger.info("\(status)")
                logged = status
            }
        }
        // Stopping is not ending: the click paths stay stored, so the sessions come back.
        await host.close(host.store.removeAll(), forget: false)
    }
}
