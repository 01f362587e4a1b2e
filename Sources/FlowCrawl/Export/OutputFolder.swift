import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder an export writes into, never through a symbolic link: every file and folder is opened
/// relative to its parent's open descriptor without following links, and an entry in the way —
/// a link, wherever it leads, or a file where a folder goes — is replaced, its target untouched.
/// The folder named on the command line may itself be a link: the person chose it.
final class OutputFolder {
    /// Why a file or folder of the export could not be written.
    struct Failure: Error, CustomStringConvertible {
        /// The file or folder.
        let path: String
        /// What went wrong.
        let reason: String

        var description: String { "\(path): \(reason)" }
    }

    /// The folder's path as the export names it, for messages.
    let path: String
    private let descriptor: Int32

    /// The folder at `url`, created (with its parents) if needed.
    convenience init(creatingAt url: URL) throws(Failure) {
        let path = url.path(percentEncoded: false)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: path, reason: "cannot be created (\(error.localizedDescription))")
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, reason: Self.lastError("cannot be opened")) }
        self.init(path: path, descriptor: descriptor)
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The folder `name` in this one, created if needed; a link or a file of that name is replaced.
    func folder(_ name: String) throws(Failure) -> OutputFolder {
        let childPath = path.hasSuffix("/") ? path + name : path + "/" + name
        for _ in 0..<2 {
            if mkdirat(descriptor, name, 0o755) != 0, errno != EEXIST {
                throw Failure(path: childPath, reason: Self.lastError("cannot be created"))
            }
            let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 { return OutputFolder(path: childPath, descriptor: child) }
            // A link (even to a folder) or a file is in the way: it goes, what it leads to stays.
            guard errno == ELOOP || errno == ENOTDIR, unlinkat(descriptor, name, 0) == 0 else { break }
        }
        throw Failure(path: childPath, reason: Self.lastError("cannot be opened as a folder"))
    }

    /// Writes `data` as the file `name` in this folder, replacing a file or link of that name
    /// (never writing to where a link leads).
    func write(_ data: Data, to name: String) throws(Failure) {
        let filePath = path.hasSuffix("/") ? path + name : path + "/" + name
        var status = stat()
        if fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
            guard status.st_mode & S_IFMT != S_IFDIR else {
                throw Failure(path: filePath, reason: "is a folder; the export writes a file there")
            }
            guard unlinkat(descriptor, name, 0) == 0 else {
                throw Failure(path: filePath, reason: Self.lastError("cannot be replaced"))
            }
        }
        // O_EXCL: if anything appeared at the name since, fail rather than open it.
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw Failure(path: filePath, reason: Self.lastError("cannot be created")) }
        defer { close(file) }
        do {
            try FileHandle(fileDescriptor: file, closeOnDealloc: false).write(contentsOf: data)
        } catch {
            throw Failure(path: filePath, reason: "cannot be written (\(error.localizedDescription))")
        }
    }

    private static func lastError(_ what: String) -> String {
        "\(what) (\(String(cString: strerror(errno))))"
    }
}
