import Foundation
import ServiceLifecycle

/// While the server runs, watches the app's templates folder and its static files folder (see
/// ``WebHostConfiguration/watchesFiles``): a template change loads the templates again (a broken
/// one shows on the pages until it is fixed), a static file change redraws the pages; either way
/// every open page moves to its new rendering.
struct FileWatchService: Service {
    let host: SessionHost

    func run() async throws {
        if let (watcher, templates) = startWatching() {
            defer { watcher.stop() }
            for await changed in watcher.changes.cancelOnGracefulShutdown() {
                let names = changed.sorted().joined(separator: ", ")
                let isTemplate = { (path: String) in templates.map { Self.isPath(path, in: $0) } ?? false }
                // A static file changed: the pages redrawn below link its new version.
                if !changed.allSatisfy(isTemplate) { host.publicFolderVersion.forget() }
                if changed.contains(where: isTemplate) {
                    host.logger.info("changed: \(names); loading the templates again")
                    await host.reloadTemplates()
                } else {
                    host.logger.info("changed: \(names); redrawing the pages")
                    await host.redrawSessions()
                }
            }
        }
        // A service that returns ends the whole server: with nothing (more) to watch, it waits.
        try? await gracefulShutdown()
    }

    /// The watcher of the templates folder and the static files folder, and the templates folder
    /// (absolute); nil, logged, when there is nothing to watch or it cannot be watched.
    private func startWatching() -> (DirectoryWatcher, templates: String?)? {
        let templates = host.renderer.templates.directory.map(Self.absolute)
        let files = host.app.publicDirectory.map { Self.absolute($0.path) }
        let folders = [templates, files].compactMap { $0 }
        guard !folders.isEmpty else { return nil }
        do {
            let watcher = try DirectoryWatcher(directories: folders)
            host.logger.info("watching \(folders.joined(separator: " and ")) for changes")
            return (watcher, templates)
        } catch {
            host.logger.warning("\(error); changes to templates and static files show only after a restart")
            return nil
        }
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.path
    }

    private static func isPath(_ path: String, in folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
