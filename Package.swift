// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "FlowHost",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FlowCore", targets: ["FlowCore"]),
        .library(name: "HTMLPresenter", targets: ["HTMLPresenter"]),
        .library(name: "FlowTesting", targets: ["FlowTesting"]),
        .library(name: "FlowHostApp", targets: ["FlowHostApp"]),
        .library(name: "FlowCrawl", targets: ["FlowCrawl"]),
        .library(name: "FlowHostSQLite", targets: ["FlowHostSQLite"]),
        .library(name: "WebHost", targets: ["WebHost"]),
        .library(name: "FlowHostServe", targets: ["FlowHostServe"]),
        .library(name: "MovieDemo", targets: ["MovieDemo"]),
        .executable(name: "flowhost", targets: ["flowhost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // From 3.12.3, and the 4.x that Hummingbird's dependencies already resolve to.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(name: "FlowCore"),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(
            name: "HTMLPresenter",
            dependencies: ["FlowCore", "CLibXML2"],
            resources: [.copy("Resources/Chrome"), .copy("Resources/Public")]
        ),
        .target(
            name: "FlowTesting",
            dependencies: [
                "FlowCore", "HTMLPresenter", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        // What an app needs to be served: WebApp, DeepLinks, SessionScene, the click path store protocol.
        .target(name: "FlowHostApp", dependencies: ["FlowCore", "HTMLPresenter"]),
        // The crawler, the static export and the flow map: no HTTP.
        .target(name: "FlowCrawl", dependencies: ["FlowCore", "HTMLPresenter", "FlowHostApp"]),
        // The click path store in one SQLite file.
        .target(
            name: "FlowHostSQLite",
            dependencies: [
                "HTMLPresenter", "FlowHostApp", .product(name: "GRDB", package: "GRDB.swift"),
                // The store at rest: AES-GCM for secret values, SHA-256 for ids.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "WebHost",
            dependencies: [
                "FlowCore", "HTMLPresenter", "FlowHostApp", "FlowCrawl",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `flowhost serve`'s options and start-up, for apps' own executables too.
        .target(
            name: "FlowHostServe",
            dependencies: [
                "WebHost", "HTMLPresenter", "FlowHostApp", "FlowHostSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "MovieDemo", dependencies: ["FlowCore", "HTMLPresenter", "FlowHostApp"],
            resources: [.copy("Resources/movies.json")]
        ),
        .executableTarget(
            name: "flowhost",
            dependencies: [
                "FlowHostServe", "FlowHostApp", "FlowCrawl", "HTMLPresenter", "MovieDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Skeleton")]
        ),
        .testTarget(name: "FlowCoreTests", dependencies: ["FlowCore", "FlowTesting"]),
        .testTarget(
            name: "HTMLPresenterTests",
            dependencies: [
                "HTMLPresenter", "FlowTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                // The test oracle: the conformance cases render through it too and must agree.
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "MovieDemoTests",
            dependencies: [
                "MovieDemo", "FlowHostApp", "FlowCrawl", "FlowTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        // The README's examples, compiled and run; scripts/check-snippets keeps the README equal to them.
        .testTarget(
            name: "DocumentationExamples",
            dependencies: [
                "FlowCore", "HTMLPresenter", "FlowHostApp", "FlowCrawl", "WebHost", "FlowTesting", "MovieDemo",
                "FlowHostServe",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README/Templates", "README/Tests/MovieAppTests/__Snapshots__"]
        ),
        .testTarget(
            name: "FlowHostServeTests",
            dependencies: ["FlowHostServe", "FlowCore", "HTMLPresenter", "FlowHostApp", "WebHost"]),
        .testTarget(
            name: "WebHostTests",
            dependencies: [
                "WebHost", "FlowHostApp", "FlowHostSQLite", "FlowTesting",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // To write files a store must refuse.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
