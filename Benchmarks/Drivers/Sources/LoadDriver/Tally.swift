/// What clients did: requests answered as expected, round trips, and their latencies.
struct Tally: Sendable {
    var requests = 0
    var roundTrips = 0
    var gets = Latencies()
    var posts = Latencies()
    /// The CPU seconds the measured server used meanwhile, when the driver was given its pid.
    var cpuSeconds: Double?
    /// The CPU seconds this driver used meanwhile: on a machine the driver shares with the server,
    /// what each request costs the machine is the server's figure plus this one.
    var driverCPUSeconds: Double?

    /// The server's and the driver's CPU seconds: what the requests cost the machine they share.
    var machineCPUSeconds: Double? {
        guard let cpuSeconds, let driverCPUSeconds else { return nil }
        return cpuSeconds + driverCPUSeconds
    }

    /// Adds another client's tally.
    mutating func add(_ other: Tally) {
        requests += other.requests
        roundTrips += other.roundTrips
        gets.add(other.gets)
        posts.add(other.posts)
    }
}
