import FlowHostApp
import Foundation
import HTMLPresenter

/// Copies a public folder into an export as a server serves it (`ServedFolder`): its files and
/// folders, symbolic links among them when they stay inside it. A link that leads out of the
/// folder, loops, leads back to a folder it is in or leads nowhere, and anything that is no file
/// or folder (a pipe, a socket), is skipped and named in ``skipped``. Names starting with `.` are
/// left out.
struct FolderCopier {
    /// Files copied so far.
    private(set) var copied = 0
    /// What was not copied, and why, one line each.
    private(set) var skipped: [String] = []
    /// The export's own folder: never copied into itself (an export written inside `Public/`).
    private let excluded: String?

    /// A copier for an export into `output` (which exists).
    init(excluding output: URL) {
        if case .inside(let real) = ServedFolder(output).resolve("") { excluded = real } else { excluded = nil }
    }

    /// Copies the files of `folder` (sorted, recursively) into `target`.
    mutating func copy(_ folder: ServedFolder, to target: OutputFolder) throws(OutputFolder.Failure) {
        guard case .inside(let root) = folder.resolve("") else {
            throw OutputFolder.Failure(path: folder.url.path(percentEncoded: false), reason: "is not a folder")
        }
        try copyContents(of: "", real: root, in: folder, ancestors: [root], to: target)
    }

    private mutating func copyContents(
        of relative: String, real: String, in folder: ServedFolder, ancestors: Set<String>, to target: OutputFolder
    ) throws(OutputFolder.Failure) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: real)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let entry = relative.isEmpty ? name : relative + "/" + name
            let shown = folder.url.lastPathComponent + "/" + entry
            let entryReal: String
            switch folder.resolve(entry) {
            case .inside(let path): entryReal = path
            case .outside(let path):
                skipped.append("\(shown): a symbolic link that leads out of the folder (to \(path)); not copied")
                continue
            case .loop:
                skipped.append("\(shown): symbolic links that loop; not copied")
                continue
            case .missing:
                skipped.append("\(shown): a symbolic link that leads nowhere; not copied")
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: entryReal, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if ancestors.contains(entryReal) {
                    skipped.append("\(shown): a symbolic link that leads back to a folder it is in; not copied")
                } else if entryReal != excluded {
                    try copyContents(
                        of: entry, real: entryReal, in: folder, ancestors: ancestors.union([entryReal]),
                        to: target.folder(name))
                }
                continue
            }
            let attributes = try? FileManager.default.attributesOfItem(atPath: entryReal)
            guard attributes?[.type] as? FileAttributeType == .typeRegular else {
                skipped.append("\(shown): not a file or a folder; not copied")
                continue
            }
            guard let data = FileManager.default.contents(atPath: entryReal) else {
                skipped.append("\(shown): cannot be read; not copied")
                continue
            }
            try target.write(data, to: name)
            copied += 1
        }
    }
}
