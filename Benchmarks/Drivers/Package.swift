// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency is identified by its folder's name, which is whatever the clone is called.
let flowHost = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// The programs the benchmark scripts (Benchmarks/*.sh) run: the load driver, the bare route it is
// measured against, and the drivers of the traffic, study rerun and study results figures. A package
// of their own, apart from ordo-one/benchmark's (Benchmarks/Package.swift), whose build-tool plugin
// would otherwise be built first (about 37 s of CPU), and so that FlowHost's users never build them.
// Built by the scripts (build_benchmark_products in scripts/lib/swift-build.sh), or:
//   swift run -c release --package-path Benchmarks/Drivers flowhost-load --help
let package = Package(
    name: "FlowHostBenchmarkDrivers",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "flowhost-load", targets: ["LoadDriver"]),
        .executable(name: "flowhost-bare", targets: ["BareRoute"]),
        .executable(name: "flowhost-traffic", targets: ["TrafficBench"]),
        .executable(name: "flowhost-rerun", targets: ["RerunBench"]),
        .executable(name: "flowhost-study-results", targets: ["StudyResultsBench"]),
    ],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The traits FlowHost asks for (none), so that Hummingbird is compiled once for both packages.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
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
                "DriverSupport",
                .product(name: "FlowCrawl", package: flowHost),
                .product(name: "FlowHostSQLite", package: flowHost),
            ]
        ),
        // `flowhost study rerun` over 1,000 recorded paths (Benchmarks/rerun.sh).
        .executableTarget(
            name: "RerunBench",
            dependencies: [
                "DriverSupport",
                .product(name: "FlowCrawl", package: flowHost),
                .product(name: "FlowHostSQLite", package: flowHost),
            ]
        ),
        // A study's results over 10,000 testers (Benchmarks/study-results.sh).
        .executableTarget(
            name: "StudyResultsBench",
            dependencies: [
                "DriverSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "FlowCrawl", package: flowHost),
                .product(name: "FlowHostSQLite", package: flowHost),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "WebHost", package: flowHost),
                "MallocInUse",
            ]
        ),
        // The sample app with the repository's templates, and what every driver prints (DriverSupport).
        .target(
            name: "DriverSupport",
            dependencies: [
                .product(name: "FlowHostApp", package: flowHost), .product(name: "MovieDemo", package: flowHost),
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
