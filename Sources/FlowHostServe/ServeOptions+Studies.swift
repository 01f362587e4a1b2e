import FlowCrawl
import FlowHostApp
import Foundation

extension ServeOptions {
    /// The study folder: `--studies` where given (relative to the current folder), else the app's
    /// `Studies/` when it exists (`FlowHostApp/AppFolders/studies`).
    public func studyFolder(in folders: AppFolders) -> URL? {
        studies.map { URL(filePath: $0, directoryHint: .isDirectory) } ?? folders.studies
    }

    /// The study files of ``studyFolder(in:)``, each screen they name checked against the screens
    /// of `app`'s crawl (crawled here, only when there are studies).
    /// - Throws: `FlowHostApp/StudyFileErrors`, every problem of every file: its syntax and
    ///   meaning, and each screen the crawl does not know, with the list of the app's screens.
    @MainActor
    public func checkedStudies(in folders: AppFolders, app: WebApp) async throws -> [StudyFile] {
        guard let folder = studyFolder(in: folders) else { return [] }
        let files = try StudyFile.load(folder: folder)
        guard !files.isEmpty else { return [] }
        let crawl = try await Crawler(app: app).crawl()
        let storyboard = Storyboard(
            states: crawl.map.states, pages: crawl.pages, edges: crawl.map.edges, entries: crawl.map.entries)
        let screens = storyboard.screens.map { (id: $0.id, template: $0.template) }
        let unknown = files.flatMap { $0.unknownScreens(among: screens) }
        guard unknown.isEmpty else { throw StudyFileErrors(unknown) }
        return files
    }
}
