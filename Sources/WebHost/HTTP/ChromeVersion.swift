import Crypto
import Foundation
import HTMLPages

/// The version of the chrome's files (``HTMLPages/Chrome/publicDirectory``: the stylesheets, the
/// script and the fonts the stylesheet loads), which the pages link them under:
/// `/_flowhost/v0123456789abcdef/flowhost.css`. A browser keeps a file of the current version for a
/// year without asking again (`Cache-Control: immutable`), so a click loads its page alone, not its
/// page and a revalidation of each of the five files the page uses.
///
/// The version is the SHA-256 of the files' paths and bytes, read once per process: every process
/// of one build (a cluster) links the same URLs, and a FlowHost whose files differ links them under
/// another version. A link of another version (a page kept open across a deploy) still gets the
/// current file, revalidated on every use as before (`no-cache`). The files are FlowHost's own,
/// never edited while a server runs (the app's `Public/` files have versions of their own, which
/// follow their edits: ``PublicFolderVersion``).
enum ChromeVersion {
    /// This process's version, as its path segment (``VersionSegment``).
    static let current: String = {
        var hash = SHA256()
        for (path, file) in FolderFiles.regular(in: Chrome.publicDirectory) ?? [] {
            hash.update(data: Data(path.utf8) + [0])
            hash.update(data: (try? Data(contentsOf: file)) ?? Data())
        }
        return VersionSegment.of(hash.finalize())
    }()
}
