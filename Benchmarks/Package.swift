// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency is identified by its folder's name, which is whatever the clone is called.
let flowHost = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Benchmarks live in their own package so that the library's users never build ordo-one/benchmark.
// Run them with: swift package --package-path Benchmarks benchmark
// The drivers the scripts here run (the load driver, the bare route, ...) are the package in Drivers/:
// building one of them here would first build the benchmark plugin's tool (about 37 s of CPU).
let package = Package(
    name: "FlowHostBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
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
    ],
    swiftLanguageModes: [.v6]
)
