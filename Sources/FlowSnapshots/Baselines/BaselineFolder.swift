import Foundation

/// The folder of accepted pictures: `<name>.png` per state (and `<name>.dark.png`), and
/// `snapshots.json` (``BaselineManifest``). Read whole when opened, so that a file that is no PNG
/// or a record that cannot be read stops the run before any work; written only when recording,
/// each file replaced at once (written aside, then renamed), never half.
struct BaselineFolder {
    /// The record's file name.
    static let manifestFile = "snapshots.json"

    /// The folder.
    let url: URL
    /// Its record; nil when there is none yet.
    private(set) var manifest: BaselineManifest?
    /// The names of the pictures in it.
    private(set) var pictures: Set<String>

    /// The folder at `url` (missing: no baselines yet).
    ///
    /// - Throws: ``SnapshotError/notPNG(path:reason:)`` naming the first `.png` file that is not
    ///   one; ``SnapshotError/unreadableManifest(path:reason:)`` when `snapshots.json` cannot be read.
    init(_ url: URL) throws(SnapshotError) {
        self.url = url
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        pictures = []
        for file in files.sorted() where file.hasSuffix(".png") {
            let path = url.appending(path: file).path
            let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 8) } ?? Data()
            guard head.starts(with: PNGImage.signature) else {
                throw .notPNG(path: path, reason: head.isEmpty ? "empty or unreadable" : "no PNG signature")
            }
            pictures.insert(String(file.dropLast(".png".count)))
        }
        let manifestURL = url.appending(path: Self.manifestFile)
        guard let data = FileManager.default.contents(atPath: manifestURL.path) else { return }
        do {
            manifest = try JSONDecoder().decode(BaselineManifest.self, from: data)
        } catch {
            throw .unreadableManifest(path: manifestURL.path, reason: "\(error)")
        }
    }

    /// Every name that has a picture or a record.
    var names: Set<String> {
        pictures.union(manifest?.states.keys ?? [:].keys)
    }

    /// The file of picture `name`.
    func file(_ name: String) -> URL {
        url.appending(path: name + ".png")
    }

    /// The bytes of picture `name`; nil when it has none.
    func png(_ name: String) -> Data? {
        pictures.contains(name) ? FileManager.default.contents(atPath: file(name).path) : nil
    }

    /// Writes picture `name`.
    mutating func write(_ png: Data, as name: String) throws(SnapshotError) {
        try Self.write(png, to: file(name))
        pictures.insert(name)
    }

    /// Removes picture `name` and its record.
    mutating func remove(_ name: String) throws(SnapshotError) {
        if pictures.contains(name) {
            do {
                try FileManager.default.removeItem(at: file(name))
            } catch {
                throw .cannotWrite(path: file(name).path, reason: error.localizedDescription)
            }
        }
        pictures.remove(name)
        manifest?.states[name] = nil
    }

    /// Sets the record (written by ``save()``).
    mutating func record(_ manifest: BaselineManifest) {
        self.manifest = manifest
    }

    /// Writes the record.
    func save() throws(SnapshotError) {
        guard let manifest else { return }
        let data: Data
        do {
            data = try manifest.encoded()
        } catch {
            throw .cannotWrite(path: url.appending(path: Self.manifestFile).path, reason: "\(error)")
        }
        try Self.write(data, to: url.appending(path: Self.manifestFile))
    }

    /// Notes that picture `name` was written (by ``write(_:to:)``, while shooting).
    mutating func notePicture(_ name: String) {
        pictures.insert(name)
    }

    /// Writes `data` as `file` at once (written aside, then renamed), its folder made if needed.
    static func write(_ data: Data, to file: URL) throws(SnapshotError) {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            throw .cannotWrite(path: file.path, reason: error.localizedDescription)
        }
    }
}
