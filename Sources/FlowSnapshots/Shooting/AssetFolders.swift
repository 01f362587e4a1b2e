import Crypto
import Foundation
import Synchronization

/// The files a shot page may load, as a static export lays them out beside its pages: the
/// chrome's (`flowhost/`: the stylesheet, the fonts) and the app's public folder (`public/`). Only
/// regular files whose real path is inside their folder count (as the server serves and the
/// export copies them); each file's digest is computed once per run.
final class AssetFolders: Sendable {
    /// The chrome's folder in a page's links.
    static let chrome = "flowhost"
    /// The app's public folder in a page's links.
    static let publicFiles = "public"

    private let roots: [String: URL]
    private let digests = Mutex([String: String]())

    /// The chrome's files from `chrome`, the app's from `publicDirectory` (none when nil).
    init(chrome: URL, publicDirectory: URL?) {
        var roots = [Self.chrome: chrome]
        if let publicDirectory { roots[Self.publicFiles] = publicDirectory }
        self.roots = roots
    }

    /// The file `relative` names (`public/posters/1.svg`); nil when there is none inside its folder.
    func file(_ relative: String) -> URL? {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count >= 2, let root = roots[String(components[0])],
            !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else { return nil }
        let file = components.dropFirst().reduce(root) { $0.appending(path: String($1)) }
        let realRoot = root.resolvingSymlinksInPath().path
        let real = file.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard real.path.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/"),
            FileManager.default.fileExists(atPath: real.path, isDirectory: &isFolder), !isFolder.boolValue
        else { return nil }
        return real
    }

    /// The SHA-256 of the file `relative` names, hex; `missing` when there is none.
    func digest(_ relative: String) -> String {
        if let known = digests.withLock({ $0[relative] }) { return known }
        let digest: String
        if let file = file(relative), let data = try? Data(contentsOf: file, options: .mappedIfSafe) {
            digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        } else {
            digest = "missing"
        }
        digests.withLock { $0[relative] = digest }
        return digest
    }

    /// Copies every file of the folders into `folder` (`folder/flowhost/...`, `folder/public/...`).
    func copy(into folder: URL) throws {
        for (name, root) in roots.sorted(by: { $0.key < $1.key }) {
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let path = enumerator?.nextObject() as? String {
                let relative = name + "/" + path
                guard let source = file(relative) else { continue }
                let destination = folder.appending(path: relative)
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contentsOf: source).write(to: destination)
            }
        }
    }
}
