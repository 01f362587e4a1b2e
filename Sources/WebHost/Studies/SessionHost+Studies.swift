import FlowHostApp
import Foundation

extension SessionHost {
    /// Keeps the study files `files` in the store, before the server answers: each under its id,
    /// with its link (``StudyLink``), which opens for ``WebHostConfiguration/shareLifetime`` from
    /// the study's first import. A study imported again (the next start, another process) keeps its
    /// testers, and its link keeps its expiry and revocation. Each study's link is logged.
    /// - Throws: what the store throws: a server whose studies cannot be kept does not start.
    func importStudies(_ files: [StudyFile]) async throws {
        for file in files {
            let link = try await keepStudy(file.study, id: file.id)
            // The owner hands this link to testers: the log of the start is where they find it.
            logger.info("study \(file.id) kept in the store; testers open \(FlowHostRoute.study(link: link).url)")
        }
    }

    /// Keeps `study` in the store under `id` with its link (``StudyLink``), which opens for
    /// ``WebHostConfiguration/shareLifetime`` from the study's first keeping; returns the link's id.
    /// - Throws: what the store throws.
    func keepStudy(_ study: Study, id: String) async throws -> String {
        let link = StudyLink.id(ofStudy: id, key: try await paths.tokenKey())
        try await paths.saveStudy(study, id: id, link: link, expires: studyLinkExpiry)
        return link
    }

    /// Keeps `study` in the store as a new study under the first free id of `base`, `base-2`, …
    /// (at most `candidates` of them), with its link as ``keepStudy(_:id:)`` makes it; returns the
    /// id and the link's id, or nil when every candidate is taken. The store picks among ids taken
    /// at the same moment by another request or process: no study replaces another.
    /// - Throws: what the store throws (``FlowHostApp/StudyRecordError/tooManyStudies(limit:)``
    ///   past its bound).
    func addStudy(_ study: Study, idBase base: String, candidates: Int) async throws -> (id: String, link: String)? {
        let key = try await paths.tokenKey()
        for number in 1...candidates {
            let id = number == 1 ? base : "\(base)-\(number)"
            let link = StudyLink.id(ofStudy: id, key: key)
            if try await paths.addStudy(study, id: id, link: link, expires: studyLinkExpiry) { return (id, link) }
        }
        return nil
    }

    /// The link id of the study `id` (``StudyLink``).
    /// - Throws: what the store throws reading its token key.
    func studyLink(ofStudy id: String) async throws -> String {
        StudyLink.id(ofStudy: id, key: try await paths.tokenKey())
    }

    /// When a study link kept now stops opening: ``WebHostConfiguration/shareLifetime`` from now.
    private var studyLinkExpiry: Date {
        let lifetime = configuration.shareLifetime.components
        return Date.now.addingTimeInterval(Double(lifetime.seconds) + Double(lifetime.attoseconds) / 1e18)
    }
}
