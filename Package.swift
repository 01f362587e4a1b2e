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
    targets: [
        .target(name: "FlowCore"),
        .target(name: "HTMLPresenter", dependencies: ["FlowCore"]),
        .target(name: "FlowTesting", dependencies: ["FlowCore"]),
        .testTarget(name: "FlowCoreTests", dependencies: ["FlowCore", "FlowTesting"]),
        .testTarget(name: "HTMLPresenterTests", dependencies: ["HTMLPresenter", "FlowTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
