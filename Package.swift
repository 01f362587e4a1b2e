// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "FlowHost",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FlowCore", targets: ["FlowCore"]),
        .library(name: "HTMLPresenter", targets: ["HTMLPresenter"]),
        .library(name: "FlowTesting", targets: ["FlowTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(name: "FlowCore"),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(
            name: "HTMLPresenter",
            dependencies: ["FlowCore", "CLibXML2", .product(name: "Mustache", package: "swift-mustache")],
            resources: [.copy("Resources/Chrome"), .copy("Resources/Public")]
        ),
        .target(
            name: "FlowTesting",
            dependencies: [
                "FlowCore", "HTMLPresenter", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(name: "FlowCoreTests", dependencies: ["FlowCore", "FlowTesting"]),
        .testTarget(
            name: "HTMLPresenterTests",
            dependencies: [
                "HTMLPresenter", "FlowTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
