import Histogram

/// Request latencies in microseconds, up to a minute, to three significant digits.
struct Latencies: Sendable {
    private var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)

    /// How many latencies were recorded.
    var count: UInt64 { histogram.totalCount }

    /// Records the time from `start` to now.
    mutating func record(since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start).components
        let microseconds = elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000
        _ = histogram.record(UInt64(clamping: microseconds))
    }

    /// Adds the latencies of another client.
    mutating func add(_ other: Latencies) {
        histogram.add(other.histogram)
    }

    /// The latency at `percentile` (0 to 100), in milliseconds.
    func milliseconds(at percentile: Double) -> Double {
        Double(histogram.valueAtPercentile(percentile)) / 1000
    }
}
