import FlowCrawl
import FlowHostApp
import FlowSnapshots
import FlowTesting
import Foundation
import HTMLPresenter
import Testing

// The examples of FlowSnapshots' doc comments (and FlowTesting's pixel snapshots), compiled; those
// that need no Chromium and write nothing are run too.

@MainActor
@Suite("FlowSnapshots' doc comment examples")
struct FlowSnapshotsExamples {
    @Test("a picture is written as a PNG and read back; two pictures are compared")
    func pictures() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "FlowSnapshotsExamples-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let white = PNGImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
        let url = folder.appending(path: "white.png")
        try white.pngData().write(to: url)

        // example: Sources/FlowSnapshots/Images/PNGImage.swift
        let image = try PNGImage(png: try Data(contentsOf: url))
        print(image.width, image.height)
        // end of example
        #expect(image == white)

        let baseline = white
        var shot = white
        shot.pixels[0...2] = [0, 0, 0]
        let diffURL = folder.appending(path: "diff.png")
        do {
            let url = diffURL
            // example: Sources/FlowSnapshots/Images/PixelDiff.swift
            let diff = PixelDiff(expected: baseline, actual: shot, threshold: 0.1)
            if diff.differentPixels > 0 { try diff.image.pngData().write(to: url) }
            // end of example
            #expect(diff.differentPixels == 1)
        }
        #expect(FileManager.default.fileExists(atPath: diffURL.path))
    }

    @Test("options are set one by one")
    func options() {
        // example: Sources/FlowSnapshots/Run/SnapshotOptions.swift
        var options = SnapshotOptions()
        options.scale = 1
        options.dark = true
        // end of example
        #expect(options.scale == 1 && options.dark)
    }

    /// Compiled, not run: it needs Chromium.
    func chromium() throws {
        // example: Sources/FlowSnapshots/Chromium/Chromium.swift
        let chromium = try Chromium.find()
        print(chromium.version)  // "156.0.8078.108"
        // end of example
    }

    /// Compiled, not run: it would write Snapshots/ and report/ in the current folder.
    func pixelSnapshots(app: WebApp) async throws {
        // example: Sources/FlowSnapshots/Run/PixelSnapshots.swift
        let snapshots = try PixelSnapshots(baseline: URL(filePath: "Snapshots"), report: URL(filePath: "report"))
        let run = try await snapshots.run(try await Crawler(app: app).crawl(), app: app)
        print(run.summary)  // "574 pictures: 2 changed, 572 same; 2 shot"
        // end of example
    }

    /// Compiled, not run: it would record the sample's pictures beside this file.
    func assertion(app: WebApp) async throws {
        // example: Sources/FlowTesting/AppSnapshotStrategy.swift
        try await assertAppSnapshot(of: app, as: .image)
        try await assertAppSnapshot(of: app, as: .image(scale: 1, dark: true))
        // end of example
    }

    /// Compiled, not run: it would record the sample's pictures beside this file.
    func appPictures() async throws {
        // example: Sources/FlowTesting/AppSnapshot+Image.swift
        try await assertAppSnapshot(of: try makeMovieApp(folders: AppFolders(packageContaining: #filePath)), as: .image)
        // end of example
    }
}
