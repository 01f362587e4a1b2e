import Benchmark
import Foundation
import HTMLPresenter

/// Rendering a page (a 20-row list in a navigation stack inside a tab bar) through the templates,
/// against hand-written string concatenation of the same page, and for a static export (each form
/// followed to adjust it and read its label); and loading plus validating a template folder the
/// size of the sample app's (the chrome's own templates are loaded once per process, not per library).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    Benchmark("Render: 20-row list page through mustache templates") { benchmark in
        let page = await ListPage.make()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try page.renderer.render(page.tree, links: ListPage.served))
        }
    }

    Benchmark("Render for a static export: the same page, each action a link, labels read") { benchmark in
        let page = await ListPage.make()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try page.renderer.renderPage(page.tree, links: ListPage.exported))
        }
    }

    Benchmark("Render baseline: the same page by hand-written string concatenation") { benchmark in
        let page = await ListPage.make()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(ListPage.handWritten(page.tree))
        }
    }

    Benchmark(
        "Load and validate 16 screen templates",
        configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3), maxIterations: 200)
    ) { benchmark in
        let directory = try SampleTemplates.write()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try TemplateLibrary(directory: directory))
        }
    }
}
