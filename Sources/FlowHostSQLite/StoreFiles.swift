import Foundation

/// The modes of a store's files: its database with its `-wal` and `-shm` files and its key file
/// `0600`, whether they were created here or found, so that a store is its user's alone wherever
/// it is; the folders it creates `0700`. A folder that already existed keeps its mode: it may be
/// `/tmp`, a home or a project folder (`--store /tmp/demo.sqlite` once made `/tmp` `0700`, and
/// every other user's programs failed there). SQLite creates `-wal` and `-shm` with the database
/// file's mode; they are restricted again once open all the same.
enum StoreFiles {
    /// Creates the folder of `file` and its missing parents, each `0700`; leaves a folder that
    /// exists as it is.
    static func prepareFolder(of file: String) throws {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL
        let files = FileManager.default
        var missing: [URL] = []
        var candidate = folder
        while !files.fileExists(atPath: candidate.path), candidate.path != "/" {
            missing.append(candidate)
            candidate = candidate.deletingLastPathComponent()
        }
        for created in missing.reversed() {
            try files.createDirectory(at: created, withIntermediateDirectories: false, attributes: nil)
            try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: created.path)
        }
    }

    /// Creates the empty database file `file`, mode `0600`, when missing (SQLite would create it
    /// readable by everyone under the usual umask), and makes the database's files that exist
    /// `0600`.
    static func prepareDatabase(_ file: String) throws {
        let files = FileManager.default
        if !files.fileExists(atPath: file) {
            guard files.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file])
            }
        }
        try restrictDatabase(file)
    }

    /// Makes the database `file` and its `-wal` and `-shm` files, those that exist, `0600`.
    static func restrictDatabase(_ file: String) throws {
        for path in [file, file + "-wal", file + "-shm"] where FileManager.default.fileExists(atPath: path) {
            try restrict(path)
        }
    }

    /// Makes `file` `0600`.
    static func restrict(_ file: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    }
}
