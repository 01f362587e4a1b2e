import FlowSnapshots

/// How ``assertAppSnapshot(of:as:options:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// snapshots a whole app: `.image`, a picture of every state's screen in headless Chromium.
///
/// ```swift
/// try await assertAppSnapshot(of: app, as: .image)
/// try await assertAppSnapshot(of: app, as: .image(scale: 1, dark: true))
/// ```
public struct AppSnapshotStrategy: Sendable {
    /// How the pictures are taken and compared (the record mode comes from the assertion).
    public let options: SnapshotOptions

    /// Pictures taken and compared with `options`.
    public init(options: SnapshotOptions) {
        self.options = options
    }

    /// A picture of every state's screen at 2x, in the light colour scheme, compared with
    /// pixelmatch's threshold and no pixel allowed to differ.
    public static var image: AppSnapshotStrategy { image() }

    /// A picture of every state's screen at `scale` (in the dark colour scheme too when `dark`),
    /// compared with `threshold`, `allowedDifferentPixels` allowed to differ; with `all`, every
    /// state is shot, even one whose page and files are unchanged since its baseline.
    public static func image(
        scale: Double = 2, dark: Bool = false, threshold: Double = 0.1, allowedDifferentPixels: Int = 0,
        all: Bool = false
    ) -> AppSnapshotStrategy {
        var options = SnapshotOptions()
        options.scale = scale
        options.dark = dark
        options.threshold = threshold
        options.allowedDifferentPixels = allowedDifferentPixels
        options.all = all
        return AppSnapshotStrategy(options: options)
    }
}
