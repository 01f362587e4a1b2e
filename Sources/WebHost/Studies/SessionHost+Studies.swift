import FlowHostApp
import Foundation

extension SessionHost {
    /// Keeps the study files `files` in the store, before the server answers: each under its id,
    /// with its link (``StudyLink``), which opens for ``WebHostConfiguration/shareLifetime`` from
    /// the study's first import. A study imported again (the next start, another process) keeps its
    /// testers, and its link keeps its expiry and revocation. Each study's link is logged.
    /// - Throws: what the store throws: a server whose studies cannot be kept does not start.
    func importStudies(_ files: [StudyFile]) async throws {
        guard !files.isEmpty else { return }
        let key = try await paths.tokenKey()
        let lifetime = configuration.shareLifetime.components
        let expires = Date.now.addingTimeInterval(Double(lifetime.seconds) + Double(lifetime.attoseconds) / 1e18)
        for file in files {
            let link = StudyLink.id(ofStudy: file.id, key: key)
            try await paths.saveStudy(file.study, id: file.id, link: link, expires: expires)
            // The owner hands this link to testers: the log of the start is where they find it.
            logger.info("study \(file.id) kept in the store; testers open \(FlowHostRoute.study(link: link).url)")
        }
    }
}
