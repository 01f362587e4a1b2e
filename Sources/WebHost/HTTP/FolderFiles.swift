import Foundation

/// The regular files under a folder, for the versions of the folders the server links under one
/// (``ChromeVersion``, ``PublicFolderVersion``).
enum FolderFiles {
    /// Each regular file under `folder` (a symbolic link counted as what it leads to) with its path
    /// relative to the folder, in the order of those paths; nil when the folder cannot be read or
    /// holds more than `limit` entries, folders included.
    static func regular(in folder: URL, limit: Int = .max) -> [(path: String, url: URL)]? {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return nil }
        let root = folder.standardizedFileURL.path
        var files: [(path: String, url: URL)] = []
        var walked = 0
        for case let url as URL in walk {
            walked += 1
            guard walked <= limit else { return nil }
            let target = url.resolvingSymlinksInPath()
            guard (try? target.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files.append((String(url.standardizedFileURL.path.dropFirst(root.count)), target))
        }
        return files.sorted { $0.path < $1.path }
    }
}
