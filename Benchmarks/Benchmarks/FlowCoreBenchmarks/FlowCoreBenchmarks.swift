import Benchmark
import FlowCore

/// Steps per second through a three-level flow tree, against a bare AsyncStream hop on the main
/// actor. Each iteration moves 1,000 steps (or values); allocations are per iteration, so divide
/// by 1,000 for a step's.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )

    Benchmark("Baseline: AsyncStream yield and consume on the main actor, one at a time") { benchmark in
        await asyncStreamPingPong(count: benchmark.scaledIterations.count)
    }
    Benchmark("FlowCore: emit, adapt, navigate, contribute a screen in a 3-level tree, one at a time") { benchmark in
        let tree = await ThreeLevelTree()
        benchmark.startMeasurement()
        await tree.run(steps: benchmark.scaledIterations.count, burst: false)
    }
    Benchmark("Baseline: AsyncStream yield and consume on the main actor, in bursts of 1,000") { benchmark in
        await asyncStreamBurst(count: benchmark.scaledIterations.count)
    }
    Benchmark("FlowCore: emit, adapt, navigate, contribute a screen in a 3-level tree, in bursts of 1,000") {
        benchmark in
        let tree = await ThreeLevelTree()
        benchmark.startMeasurement()
        await tree.run(steps: benchmark.scaledIterations.count, burst: true)
    }
}

/// One value yielded to a consumer task on the main actor, which answers on a second stream before
/// the next value goes: the hop a step makes when a user clicks and waits for the page.
@MainActor
func asyncStreamPingPong(count: Int) async {
    let (values, valueSink) = AsyncStream<Int>.makeStream()
    let (acks, ackSink) = AsyncStream<Void>.makeStream()
    let consumer = Task { @MainActor in
        for await _ in values { ackSink.yield() }
        ackSink.finish()
    }
    var ackIterator = acks.makeAsyncIterator()
    for value in 0..<count {
        valueSink.yield(value)
        _ = await ackIterator.next()
    }
    valueSink.finish()
    await consumer.value
}

/// `count` values yielded at once to a consumer task on the main actor.
@MainActor
func asyncStreamBurst(count: Int) async {
    let (values, sink) = AsyncStream<Int>.makeStream()
    let consumer = Task { @MainActor in
        var sum = 0
        for await value in values { sum &+= value }
        return sum
    }
    for value in 0..<count { sink.yield(value) }
    sink.finish()
    blackHole(await consumer.value)
}
