// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency is identified by its folder's name, which is whatever the clone is called.
let flowHost = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Benchmarks live in their own package so that the library's users never build ordo-one/benchmark
// or the load driver's HTTP client.
// Run them with: swift package --package-path Benchmarks benchmark
// The load driver (run by Benchmarks/webhost.sh): swift run --package-path Benchmarks flowhost-load --help
let package = Package(
    name: "FlowHostBenchmarks",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "flowhost-load", targets: ["LoadDriver"]),
        .executable(name: "flowhost-bare", targets: ["BareRoute"]),
        .executable(name: "flowhost-traffic", targets: ["TrafficBench"]),
        .executable(name: "flowhost-rerun", targets: ["RerunBench"]),
        .executable(name: "flowhost-study-results", targets: ["StudyResultsBench"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The traits FlowHost asks for (none), so that Hummingbird is compiled once for both packages.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FlowCoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FlowCore", package: flowHost),
            ],
            path: "Benchmarks/FlowCoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "HTMLPresenterBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "HTMLPresenter", package: flowHost),
                .product(name: "HTMLPages", package: flowHost),
            ],
            path: "Benchmarks/HTMLPresenterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WebHost", package: flowHost),
                .product(name: "FlowHostApp", package: flowHost),
                .product(name: "MovieDemo", package: flowHost),
            ],
            path: "Benchmarks/ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // In Sources/, not Benchmarks/: the benchmark plugin runs every executable of that folder.
        .executableTarget(
            name: "LoadDriver",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        // Traffic figures over 10,000 stored sessions (Benchmarks/traffic.sh).
        .executableTarget(
            name: "TrafficBench",
            dependencies: [
                .product(name: "FlowCrawl", package: flowHost),
                .product(name: "FlowHostSQLite", package: flowHost),
                .product(name: "MovieDemo", package: flowHost),
            ]
        ),
        // `flowhost study rerun` over 1,000 recorded paths (Benchmarks/rerun.sh).
        .executableTarget(
            name: "RerunBench",
            dependencies: [
                .product(name: "FlowCrawl", package: flowHost),
                .product(name: "FlowHostSQLite", package: flowHost),
                .product(name: "MovieDemo", package: flowHost),
            ]
        ),
        // A study's results over 10,000 testers (Benchmarks/study-results.sh).
        .executableTarget(
            name: "StudyResultsBench",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "FlowCrawl", package: flowHost),
                .product(name: "FlowHostSQLite", package: flowHost),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MovieDemo", package: flowHost),
                .product(name: "WebHost", package: flowHost),
                "MallocInUse",
            ]
        ),
        // What a study's results hold, by malloc's count (Benchmarks/study-results.sh).
        .target(name: "MallocInUse"),
        // The bare Hummingbird route the page GET is measured against (Benchmarks/webhost.sh).
        .executableTarget(
            name: "BareRoute",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
