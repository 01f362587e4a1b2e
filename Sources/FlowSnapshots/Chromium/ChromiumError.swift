/// Why Chromium cannot shoot.
public enum ChromiumError: Error, Equatable, CustomStringConvertible {
    /// No Chromium where it was looked for (`path`: the one given, if any).
    case notFound(String?)
    /// Chromium is there but does not run.
    case unusable(path: String, reason: String)

    /// One line, saying what to do.
    public var description: String {
        switch self {
        case .notFound(let path?):
            "no Chromium at \(path): install Debian's chromium package (apt-get install chromium) or give another path"
        case .notFound(nil):
            "Chromium is not installed: install Debian's chromium package (apt-get install chromium)"
        case .unusable(let path, let reason):
            "Chromium at \(path) does not start: \(reason)"
        }
    }
}
