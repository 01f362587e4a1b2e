/// What clients did: requests answered as expected, round trips, and their latencies.
struct Tally: Sendable {
    var requests = 0
    var roundTrips = 0
    var gets = Latencies()
    var posts = Latencies()
    /// The CPU seconds the measured server used meanwhile, when the driver was given its pid.
    var cpuSeconds: Double?

    /// Adds another client's tally.
    mutating func add(_ other: Tally) {
        requests += other.requests
        roundTrips += other.roundTrips
        gets.add(other.gets)
        posts.add(other.posts)
    }
}
