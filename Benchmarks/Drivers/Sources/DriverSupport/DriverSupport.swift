import FlowHostApp
import Foundation
import MovieDemo

/// The repository's root folder (this file is Benchmarks/Drivers/Sources/DriverSupport/DriverSupport.swift).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The sample app as the drivers run it: the movie demo with the repository's `Templates/`.
///
/// ```swift
/// let app = try sampleApp()
/// let crawl = try await Crawler(app: app).crawl()
/// ```
public func sampleApp() throws -> WebApp {
    try MovieDemo.app(templates: repositoryRoot.appendingPathComponent("Templates").path)
}

/// Ends the driver with `error: message` and exit status 1: it did not do the work it reports.
public func fail(_ message: String) -> Never {
    print("error: \(message)")
    exit(1)
}

/// A duration in milliseconds.
public func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// A figure with one decimal.
public func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}
