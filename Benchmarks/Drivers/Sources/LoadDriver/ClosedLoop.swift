import Foundation

/// Clients in a closed loop: each asks again only once its last request was answered.
enum ClosedLoop {
    /// Prepares `clients` clients at once (not measured), then, once all are ready, runs each one's
    /// `step` over and over until `duration` has passed. The first failure stops them all.
    /// - Returns: their tallies added up (with the CPU seconds `cpu`'s process used meanwhile, when
    ///   given, and this driver's own), and the time from the start to the last answer.
    static func run<Client: Sendable>(
        clients: Int, for duration: Duration, cpu: ProcessCPU? = nil,
        prepare: @escaping @Sendable () async throws -> Client,
        step: @escaping @Sendable (inout Client, inout Tally) async throws -> Void
    ) async throws -> (tally: Tally, elapsed: Duration) {
        let ready = try await withThrowingTaskGroup(of: Client.self) { group in
            for _ in 0..<clients { group.addTask { try await prepare() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let driver = ProcessCPU(pid: getpid())
        let cpuBefore = try cpu?.seconds()
        let driverBefore = try driver.seconds()
        let start = ContinuousClock.now
        let deadline = start + duration
        var tally = try await withThrowingTaskGroup(of: Tally.self) { group in
            for client in ready {
                group.addTask {
                    var client = client
                    var tally = Tally()
                    while ContinuousClock.now < deadline { try await step(&client, &tally) }
                    return tally
                }
            }
            return try await group.reduce(into: Tally()) { $0.add($1) }
        }
        let elapsed = ContinuousClock.now - start
        if let cpu, let cpuBefore { tally.cpuSeconds = try cpu.seconds() - cpuBefore }
        tally.driverCPUSeconds = try driver.seconds() - driverBefore
        return (tally, elapsed)
    }
}
