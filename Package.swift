// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "FlowHost",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FlowCore", targets: ["FlowCore"]),
        .library(name: "HTMLTemplates", targets: ["HTMLTemplates"]),
        .library(name: "HTMLValidation", targets: ["HTMLValidation"]),
        .library(name: "HTMLPresenter", targets: ["HTMLPresenter"]),
        .library(name: "HTMLPages", targets: ["HTMLPages"]),
        .library(name: "FlowTesting", targets: ["FlowTesting"]),
        .library(name: "FlowHostApp", targets: ["FlowHostApp"]),
        .library(name: "FlowCrawl", targets: ["FlowCrawl"]),
        .library(name: "FlowSnapshots", targets: ["FlowSnapshots"]),
        .library(name: "FlowHostSQLite", targets: ["FlowHostSQLite"]),
        .library(name: "FlowHostPostgres", targets: ["FlowHostPostgres"]),
        .library(name: "WebHost", targets: ["WebHost"]),
        .library(name: "FlowHostServe", targets: ["FlowHostServe"]),
        .library(name: "MovieDemo", targets: ["MovieDemo"]),
        .executable(name: "flowhost", targets: ["flowhost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // No traits: swift-configuration support (a module of 47 files) and full Foundation are not used here.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // From 3.12.3, and the 4.x that Hummingbird's dependencies already resolve to.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // `swift package generate-documentation`, as the Swift Package Index builds documentation; scripts/check-docs
        // runs its `docc` steps itself, from symbol graphs extracted once (it planned the package once per library).
        .package(url: "https://github.com/apple/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "FlowCore"),
        // The mustache engine: tokenizer, compiler, values, the template library. A leaf: the HTML
        // check of each template is handed in (MarkupCheck).
        .target(name: "HTMLTemplates"),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Whole-buffer gzip for the pages and static files WebHost sends compressed.
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // libxml2 checks of pages and templates (fed by the engine's positioned tokenizer), and the
        // snapshot normalizer.
        .target(name: "HTMLValidation", dependencies: ["HTMLTemplates", "CLibXML2"]),
        // UIKit-named containers presenting screens: what is on screen as a value (ScreenTree), its
        // actions; re-exports the two above.
        .target(name: "HTMLPresenter", dependencies: ["FlowCore", "HTMLTemplates", "HTMLValidation"]),
        // The page around a screen tree: the chrome's templates, stylesheet and script, the links.
        .target(
            name: "HTMLPages",
            dependencies: ["HTMLPresenter", "HTMLTemplates", "HTMLValidation"],
            resources: [.copy("Resources/Chrome"), .copy("Resources/Fonts"), .copy("Resources/Public")]
        ),
        .target(
            name: "FlowTesting",
            dependencies: [
                "FlowCore", "HTMLPresenter", "HTMLPages", "FlowHostApp", "FlowCrawl", "FlowSnapshots",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        // What an app needs to be served: WebApp, DeepLinks, SessionScene, the click path store protocol.
        .target(
            name: "FlowHostApp",
            dependencies: [
                "FlowCore", "HTMLPresenter",
                // The store protocol's lifecycle: a store is a service the server runs.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // What a store's opening did in place of what was asked (a file moved aside).
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The crawler, the static export and the flow map: no HTTP.
        .target(name: "FlowCrawl", dependencies: ["FlowCore", "HTMLPresenter", "HTMLPages", "FlowHostApp"]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Pixel snapshots of every crawled state: Chromium over the DevTools protocol, PNG diff, the review report.
        .target(
            name: "FlowSnapshots",
            dependencies: [
                "HTMLPresenter", "HTMLPages", "FlowHostApp", "FlowCrawl", "CLibPNG",
                // Digests of pages and assets (HTML first).
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // A store at rest, whatever keeps it: ids as SHA-256, secret values sealed with AES-GCM, the key.
        .target(
            name: "FlowHostAtRest",
            dependencies: ["HTMLPresenter", "FlowHostApp", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The click path store in one SQLite file.
        .target(
            name: "FlowHostSQLite",
            dependencies: [
                "HTMLPresenter", "FlowHostApp", "FlowHostAtRest", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own API, for what GRDB does not wrap (the log's length at each commit).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The click path store in a PostgreSQL database, shared by several server processes.
        .target(
            name: "FlowHostPostgres",
            dependencies: [
                "HTMLPresenter", "FlowHostApp", "FlowHostAtRest",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // sslmode: the TLS of the database's connections.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "WebHost",
            dependencies: [
                "FlowCore", "HTMLPresenter", "HTMLPages", "FlowHostApp", "FlowCrawl",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The HTTP/1.1 channel with FlowHost's connection timeouts (TimedHTTP1Channel).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // Its own request conversion (HTTP1ServerCodec), and the HTTP/1.1 pipeline it sits in.
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                // Static files streamed from disk (StaticFiles).
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                // Pages and static files sent gzip-compressed (libdeflate).
                "CLibDeflate",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // Action tokens signed with the store's key (HMAC-SHA256), understood by every process.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // An app's own executable: serve (its options and start-up), export, map, check.
        .target(
            name: "FlowHostServe",
            dependencies: [
                "WebHost", "HTMLPresenter", "FlowHostApp", "FlowCrawl", "FlowHostSQLite", "FlowHostPostgres",
                "FlowSnapshots", .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
                "FlowHostServe", "HTMLPresenter", "FlowHostApp", "MovieDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Skeleton")]
        ),
        .testTarget(name: "FlowCoreTests", dependencies: ["FlowCore", "FlowTesting"]),
        .testTarget(
            name: "HTMLTemplatesTests",
            dependencies: [
                // HTMLValidation: the templates load as apps load them, their HTML checked.
                "HTMLTemplates", "HTMLValidation",
                // The test oracle: the conformance cases render through it too and must agree.
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(name: "HTMLValidationTests", dependencies: ["HTMLValidation", "HTMLTemplates"]),
        .testTarget(name: "FlowHostAppTests", dependencies: ["FlowHostApp", "HTMLPresenter"]),
        .testTarget(
            name: "HTMLPresenterTests",
            dependencies: [
                "HTMLPresenter", "FlowTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "MovieDemoTests",
            dependencies: [
                "MovieDemo", "FlowHostApp", "FlowCrawl", "FlowTesting", "HTMLValidation",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        // Small apps with templates of their own, written as a user would: a container FlowHost does
        // not ship (a page view and its page control), which renders, crawls, maps and serves with no
        // change to FlowHost; a sign-up that swaps the window's root from a pushed screen.
        .testTarget(
            name: "ContainerTests",
            dependencies: [
                "FlowCore", "HTMLPresenter", "FlowHostApp", "FlowCrawl", "WebHost", "FlowTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Templates", "__Snapshots__"]
        ),
        // The README's examples, compiled and run; scripts/check-snippets keeps the README equal to them.
        .testTarget(
            name: "DocumentationExamples",
            dependencies: [
                "FlowCore", "HTMLPresenter", "HTMLPages", "HTMLValidation", "FlowHostApp", "FlowCrawl", "WebHost",
                "FlowTesting",
                "MovieDemo", "FlowHostServe", "FlowSnapshots",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README/Templates", "README/Tests/MovieAppTests/__Snapshots__"]
        ),
        .testTarget(
            name: "FlowSnapshotsTests",
            dependencies: ["FlowSnapshots", "FlowCore", "HTMLPresenter", "HTMLPages", "FlowHostApp", "FlowCrawl"]),
        .testTarget(
            name: "FlowHostServeTests",
            dependencies: [
                "FlowHostServe", "FlowCore", "HTMLPresenter", "FlowHostApp", "WebHost", "FlowHostSQLite",
                "FlowHostPostgres",
            ]),
        // `flowhost`'s own commands (init), through @testable import of the executable.
        .testTarget(
            name: "FlowHostCommandTests",
            dependencies: [
                "flowhost", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // study rerun: a SQLite store filled with testers' paths of the sample, crawled.
                "FlowHostApp", "FlowHostSQLite", "FlowCrawl", "HTMLPresenter", "MovieDemo",
            ]),
        .testTarget(
            name: "WebHostTests",
            dependencies: [
                "WebHost", "HTMLPages", "FlowHostApp", "FlowCrawl", "FlowHostSQLite", "FlowHostPostgres", "FlowTesting",
                "HTMLValidation", .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // Raw sockets, for bytes HTTP clients will not send (RawHTTP).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                // To compare HTTP1ServerCodec's requests with the library conversion's.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // To write files a store must refuse.
                .product(name: "GRDB", package: "GRDB.swift"),
                // To read what the server sent gzip-compressed.
                .product(name: "CompressNIO", package: "compress-nio"),
                // To read the PostgreSQL store's tables as they are at rest.
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
