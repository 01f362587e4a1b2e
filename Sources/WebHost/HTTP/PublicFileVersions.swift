import Crypto
import FlowHostApp
import Foundation
import Synchronization

/// The version of each file of the app's `Public/` folder that a session's page links (a hash of
/// its bytes), written after its URL: `/public/posters/3.svg?v=0123456789abcdef`. A browser keeps a
/// file of the version the server has for a year without asking again (`immutable`), so a click no
/// longer revalidates every poster of a list.
///
/// A file is read once, when a page first links it. The versions are forgotten when a file of the
/// folder changes while the server watches it (``WebHostConfiguration/watchesFiles``), and the
/// pages it then redraws link the new version; without watching, a change shows after a restart,
/// as a template's does. A URL without a version, or with another one, is served `no-cache`.
final class PublicFileVersions: Sendable {
    /// Files larger than this get no version: they are served `no-cache`, read only when asked for.
    static let maxHashedBytes = 16 << 20

    private let folder: ServedFolder?
    /// Each path asked for, with its version; nil for a path that names no file of the folder.
    private let versions = Mutex<[String: String?]>([:])

    /// The versions of the files of `publicDirectory` (nil: the app has none).
    init(publicDirectory: URL?) {
        folder = publicDirectory.map(ServedFolder.init)
    }

    /// The version of the file at `path` (relative to the folder), or nil when no file of the folder
    /// is there or it is too large.
    func version(of path: String) -> String? {
        if let known = versions.withLock({ $0[path] }) { return known }
        let version = read(path)
        versions.withLock { $0[path] = version }
        return version
    }

    /// Forgets every version: a file of the folder changed.
    func forget() {
        versions.withLock { $0.removeAll() }
    }

    private func read(_ path: String) -> String? {
        guard let folder, !path.split(separator: "/").contains(".."),
            case .inside(let real) = folder.resolve(path),
            let attributes = try? FileManager.default.attributesOfItem(atPath: real),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= Self.maxHashedBytes,
            let bytes = FileManager.default.contents(atPath: real)
        else { return nil }
        return SHA256.hash(data: bytes).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
