import Crypto
import Foundation
import Synchronization

/// The version of the app's `Public/` folder, which a session's page links its files under:
/// `/public/v0123456789abcdef/posters/3.svg` (``VersionSegment``). A browser keeps a file under the
/// folder's current version for a year without asking again (`immutable`), so a click no longer
/// revalidates every poster of a list. One version for the whole folder, in the path, so that a
/// page linking 24 posters repeats one prefix, which compression takes away (a hash of each file
/// in a query made the movie list 2,603 bytes on the wire instead of 2,260).
///
/// The version is a hash of every file's path, size and modification time, found when a page
/// first links a file (a walk of the folder: its files are not read). It is forgotten when the
/// folder changes while the server watches it (``WebHostConfiguration/watchesFiles``), and the
/// pages it then redraws link the new one; without watching, a change shows after a restart, as a
/// template's does. Processes on one machine share it; on several machines, files copied with
/// their times (`rsync -t`, an archive) give each the same. A folder of more than ``maxFiles``
/// files has no version: its files are linked and served as before (`/public/posters/3.svg`,
/// `no-cache`), as is a URL of another version. (A folder of `Public/` named like a version, `v`
/// and 16 hex digits, cannot be reached.)
final class PublicFolderVersion: Sendable {
    /// A folder with more files and folders than this has no version.
    static let maxFiles = 10_000

    private let folder: URL?
    /// The version once found (nil inside: the folder has none).
    private let found = Mutex<String??>(nil)

    /// The version of `publicDirectory` (nil: the app has none).
    init(publicDirectory: URL?) {
        folder = publicDirectory
    }

    /// The folder's version, found at the first call after the start or a change; nil when there is
    /// no folder, it cannot be read, or it has too many files.
    var current: String? {
        if let known = found.withLock({ $0 }) { return known }
        let version = folder.flatMap(Self.version)
        found.withLock { $0 = .some(version) }
        return version
    }

    /// Forgets the version: a file of the folder changed.
    func forget() {
        found.withLock { $0 = nil }
    }

    private static func version(of folder: URL) -> String? {
        guard let files = FolderFiles.regular(in: folder, limit: maxFiles) else { return nil }
        var hash = SHA256()
        for (path, url) in files {
            let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            let time = values?.contentModificationDate?.timeIntervalSince1970 ?? 0
            hash.update(data: Data("\(path)\u{0}\(values?.fileSize ?? 0)\u{0}\(time)\n".utf8))
        }
        return VersionSegment.of(hash.finalize())
    }
}
