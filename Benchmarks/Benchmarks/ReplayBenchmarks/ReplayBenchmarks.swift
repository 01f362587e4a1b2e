import Benchmark
import WebHost

/// Rebuilding a signed-in session of the sample from its click path, as after a restart, for a
/// share link or out of hibernation: a fresh window replays 30 clicks (sign-in included, whose
/// 300 ms wait a replay skips). Each iteration checks that the replay fit and landed on the
/// recorded screen. Clicks replayed per second are 30 times the throughput.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )

    Benchmark("Replay: rebuild a signed-in session from a 30-click path") { benchmark in
        let walk = await ThirtyClicks.record()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            await walk.replayOnce()
        }
    }
}
