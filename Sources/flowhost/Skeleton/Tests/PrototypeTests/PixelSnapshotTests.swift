import FlowHostApp
import FlowTesting
import Testing

@testable import Prototype

/// A picture of every screen of the prototype, in headless Chromium (Debian's `chromium`
/// package), compared with the baselines in `__Snapshots__/PixelSnapshotTests/everyScreenLooksTheSame/`;
/// a screen whose page and files are unchanged is not shot again. A failure names each picture
/// that changed and the review report (expected, actual and diff side by side); accept the
/// changes with `SNAPSHOT_TESTING_RECORD=failed swift test`.
@MainActor @Test func everyScreenLooksTheSame() async throws {
    try await assertAppSnapshot(
        of: try PrototypeApp.make(folders: AppFolders(packageContaining: #filePath)), as: .image)
}
