import Foundation
import Synchronization

/// Compares each picture with its baseline as it is shot (from several tabs at once), writes it
/// where it is kept (the baseline when recorded, the report's images when it differs or is new)
/// and collects the outcomes. Only the pictures being compared are held in memory.
final class ShotComparer: Sendable {
    /// One picture's outcome and its new record.
    struct Compared: Sendable {
        /// The outcome.
        let snapshot: StateSnapshot
        /// What the baseline folder records for it when it is recorded or found the same.
        let entry: BaselineManifest.Entry
    }

    private struct State {
        var results: [Compared] = []
        var failure: SnapshotError?
    }

    /// The files pages load, and their digests.
    let assets: AssetFolders
    private let baseline: BaselineFolder
    private let reportImages: URL?
    private let options: SnapshotOptions
    private let state = Mutex(State())

    /// A comparer with `baseline`'s pictures, writing the report's into `reportImages` (none when nil).
    init(baseline: BaselineFolder, reportImages: URL?, options: SnapshotOptions, assets: AssetFolders) {
        self.baseline = baseline
        self.reportImages = reportImages
        self.options = options
        self.assets = assets
    }

    /// Every outcome so far.
    var results: [Compared] { state.withLock { $0.results } }

    /// The first problem that stops the run (a damaged baseline, a file that cannot be written).
    var failure: SnapshotError? { state.withLock { $0.failure } }

    /// Compares `page`'s picture `shot` (or why it could not be shot), which loaded `loaded`.
    func compare(_ page: ShotPage, shot: Result<Data, DevToolsError>, loaded: [String]) {
        let entry = BaselineManifest.Entry(
            digest: page.digest(loading: loaded, from: assets, options: options), screen: page.screen,
            title: page.state.title, assets: loaded.sorted())
        do {
            let snapshot: StateSnapshot
            switch shot {
            case .failure(let error):
                snapshot = outcome(page, .failed, differentPixels: nil, wasShot: false, problem: error.description)
            case .success(let png):
                snapshot = try compare(page, png: png)
            }
            state.withLock { $0.results.append(Compared(snapshot: snapshot, entry: entry)) }
        } catch {
            state.withLock { $0.failure = $0.failure ?? error }
        }
    }

    private func compare(_ page: ShotPage, png: Data) throws(SnapshotError) -> StateSnapshot {
        let expectedFile = baseline.file(page.name)
        guard let expected = baseline.png(page.name) else {
            let recorded = options.recording.records(.new)
            var snapshot = outcome(page, .new, differentPixels: nil, wasShot: true, recorded: recorded)
            if recorded {
                try BaselineFolder.write(png, to: expectedFile)
                snapshot.actual = expectedFile
            }
            if let reportImages { snapshot.actual = try write(png, to: reportImages, as: page.name + ".actual.png") }
            return snapshot
        }
        var different = 0
        var diff: PixelDiff?
        if expected != png {
            let expectedImage: PNGImage
            do {
                expectedImage = try PNGImage(png: expected)
            } catch {
                throw .notPNG(path: expectedFile.path, reason: error.reason)
            }
            let actualImage: PNGImage
            do {
                actualImage = try PNGImage(png: png)
            } catch {
                return outcome(
                    page, .failed, differentPixels: nil, wasShot: true,
                    problem: "Chromium's picture could not be read: \(error)")
            }
            let compared = PixelDiff(expected: expectedImage, actual: actualImage, threshold: options.threshold)
            different = compared.differentPixels
            diff = compared
        }
        let status: SnapshotStatus = different > options.allowedDifferentPixels ? .changed : .same
        let recorded = options.recording.records(status)
        var snapshot = outcome(page, status, differentPixels: different, wasShot: true, recorded: recorded)
        snapshot.expected = expectedFile
        if recorded { try BaselineFolder.write(png, to: expectedFile) }
        if status == .changed, let reportImages, let diff {
            snapshot.expected = try write(expected, to: reportImages, as: page.name + ".expected.png")
            snapshot.actual = try write(png, to: reportImages, as: page.name + ".actual.png")
            let picture: Data
            do {
                picture = try diff.image.pngData()
            } catch {
                throw .cannotWrite(
                    path: reportImages.appending(path: page.name + ".diff.png").path, reason: error.reason)
            }
            snapshot.diff = try write(picture, to: reportImages, as: page.name + ".diff.png")
        }
        return snapshot
    }

    private func outcome(
        _ page: ShotPage, _ status: SnapshotStatus, differentPixels: Int?, wasShot: Bool, recorded: Bool = false,
        problem: String? = nil
    ) -> StateSnapshot {
        StateSnapshot(
            name: page.name, screen: page.screen, title: page.state.title, clickPath: page.state.clickPath,
            steps: page.steps, status: status, differentPixels: differentPixels, wasShot: wasShot,
            wasRecorded: recorded,
            problem: problem)
    }

    private func write(_ data: Data, to folder: URL, as name: String) throws(SnapshotError) -> URL {
        let file = folder.appending(path: name)
        try BaselineFolder.write(data, to: file)
        return file
    }
}
