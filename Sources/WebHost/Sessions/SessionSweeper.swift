import ServiceLifecycle

/// Ends idle sessions now and then, and every session when the server stops.
struct SessionSweeper: Service {
    let host: SessionHost

    func run() async throws {
        let interval = min(host.configuration.idleTimeout / 4, .seconds(60))
        while (try? await cancelWhenGracefulShutdown({ try await Task.sleep(for: interval) })) != nil {
            let closed = await host.closeIdleSessions()
            if closed > 0 {
                host.logger.info("ended \(closed) idle session(s)", metadata: ["sessions": "\(host.store.count)"])
            }
        }
        await host.close(host.store.removeAll())
    }
}
