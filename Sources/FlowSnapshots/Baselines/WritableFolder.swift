import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a folder a run will write can be written, asked before any work: the folder itself when
/// it exists, else the nearest folder above it that does (where it would be made).
enum WritableFolder {
    /// Throws unless `url` is (or can be made as) a writable folder.
    ///
    /// - Throws: ``SnapshotError/notWritable(path:reason:)`` naming the folder and why.
    static func check(_ url: URL) throws(SnapshotError) {
        let path = url.standardizedFileURL.path(percentEncoded: false)
        var existing = URL(filePath: path)
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder) {
            let parent = existing.deletingLastPathComponent()
            guard parent.path != existing.path else { break }
            existing = parent
        }
        guard isFolder.boolValue else {
            throw .notWritable(path: path, reason: "\(existing.path) is a file, not a folder")
        }
        guard access(existing.path, W_OK | X_OK) == 0 else {
            throw .notWritable(path: path, reason: "\(existing.path): \(String(cString: strerror(errno)))")
        }
    }
}
