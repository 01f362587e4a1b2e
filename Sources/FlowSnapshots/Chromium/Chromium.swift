import Foundation

/// The Chromium that shoots the snapshots: Debian's (`apt-get install chromium`), or the one given.
///
/// ```swift
/// let chromium = try Chromium.find()
/// print(chromium.version)  // "156.0.8078.108"
/// ```
public struct Chromium: Sendable, Equatable {
    /// The executable.
    public let executable: String
    /// Its version, as `--version` prints it without the product name (`156.0.8078.108`).
    public let version: String

    /// The first number of ``version``: pictures from another major version may differ.
    public var majorVersion: Int? { Self.major(of: version) }

    /// The first number of `version` (`156` of `156.0.8078.108`).
    static func major(of version: String) -> Int? {
        Int(version.prefix { $0 != "." })
    }

    /// Where Debian installs Chromium's binary. `/usr/bin/chromium` is a shell script around it
    /// that adds flags from `/etc/chromium.d` (GPU rasterization, extensions): the snapshots run
    /// the binary itself, with flags of their own only.
    static let debianBinary = "/usr/lib/chromium/chromium"

    /// The Chromium at `path` when given, else `FLOWHOST_CHROMIUM`'s, else Debian's binary, else
    /// `chromium` on the `PATH`; its version read from `--version`.
    ///
    /// - Throws: ``ChromiumError/notFound(_:)`` naming the Debian package to install, or
    ///   ``ChromiumError/unusable(path:reason:)`` when it does not run.
    public static func find(_ path: String? = nil) throws(ChromiumError) -> Chromium {
        let environment = ProcessInfo.processInfo.environment
        let executable: String
        if let given = path ?? environment["FLOWHOST_CHROMIUM"] {
            guard FileManager.default.isExecutableFile(atPath: given) else { throw .notFound(given) }
            executable = given
        } else if FileManager.default.isExecutableFile(atPath: debianBinary) {
            executable = debianBinary
        } else {
            let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            guard
                let found = folders.lazy.map({ "\($0)/chromium" }).first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
            else { throw .notFound(nil) }
            executable = found
        }
        return Chromium(executable: executable, version: try readVersion(of: executable))
    }

    /// A Chromium already known (tests, a second run).
    init(executable: String, version: String) {
        self.executable = executable
        self.version = version
    }

    private static func readVersion(of executable: String) throws(ChromiumError) -> String {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .unusable(path: executable, reason: error.localizedDescription)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        // "Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)", "Google Chrome 131.0.6778.85".
        guard process.terminationStatus == 0,
            let version = text.split(separator: " ").first(where: { $0.first?.isNumber == true && $0.contains(".") })
        else {
            throw .unusable(path: executable, reason: "`--version` printed no version: \(text.prefix(200))")
        }
        return String(version)
    }

    /// The command line the snapshots run Chromium with, each flag there for the same pixels in
    /// every run and on every machine with this Chromium (all checked against Chromium 156's switches):
    ///
    /// - `--headless`: no window; the new headless mode renders as the browser does.
    /// - `--remote-debugging-pipe`: the DevTools protocol on descriptors 3 and 4 (no port to pick,
    ///   and Chromium exits when this process does, whatever the way).
    /// - `--user-data-dir`: a fresh profile in a temporary folder, removed afterwards.
    /// - `--disable-gpu`: software rasterization, the same on every machine (no GPU, no driver).
    /// - `--disable-skia-runtime-opts`: no CPU-specific drawing code (AVX2 and the like), which can
    ///   round anti-aliasing differently on another processor.
    /// - `--force-color-profile=srgb`: colours in sRGB, never the display's profile.
    /// - `--disable-lcd-text`, `--disable-font-subpixel-positioning`: greyscale text anti-aliasing
    ///   at whole-pixel positions. (`--font-render-hinting=none` was a switch of the old headless
    ///   mode and is gone from Chromium 156: hinting is turned off by the fontconfig file instead,
    ///   see ``ChromiumProcess``.)
    /// - `--hide-scrollbars`: no scroll bar drawn over a long screen.
    /// - `--disable-checker-imaging`, `--disable-partial-raster`, `--run-all-compositor-stages-before-draw`:
    ///   images decoded and every tile rastered before a frame is drawn, so a shot is never half done.
    /// - `--disable-renderer-backgrounding`, `--disable-background-timer-throttling`,
    ///   `--disable-backgrounding-occluded-windows`: every tab renders at full speed, visible or not.
    /// - `--disable-extensions`, `--disable-component-update`, `--disable-background-networking`,
    ///   `--disable-default-apps`, `--disable-sync`, `--no-first-run`, `--no-default-browser-check`,
    ///   `--disable-breakpad`, `--mute-audio`: nothing else runs.
    /// - `--host-resolver-rules=MAP * ~NOTFOUND`: no host name resolves, so a page fetches nothing
    ///   from elsewhere (what it would fetch is missing in every run alike).
    /// - `--disable-dev-shm-usage`: shared memory in the temporary folder (containers have a small `/dev/shm`).
    /// - `--no-sandbox`, only when running as root (CI containers): Chromium refuses to start
    ///   sandboxed as root.
    static func arguments(profile: String, isRoot: Bool) -> [String] {
        var arguments = [
            "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile)",
            "--disable-gpu", "--disable-skia-runtime-opts", "--force-color-profile=srgb",
            "--disable-lcd-text", "--disable-font-subpixel-positioning", "--hide-scrollbars",
            "--disable-checker-imaging", "--disable-partial-raster", "--run-all-compositor-stages-before-draw",
            "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
            "--disable-backgrounding-occluded-windows", "--disable-extensions", "--disable-component-update",
            "--disable-background-networking", "--disable-default-apps", "--disable-sync", "--no-first-run",
            "--no-default-browser-check", "--disable-breakpad", "--mute-audio", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--disable-dev-shm-usage",
        ]
        if isRoot { arguments.append("--no-sandbox") }
        arguments.append("about:blank")
        return arguments
    }
}
