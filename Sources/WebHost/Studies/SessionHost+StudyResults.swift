import FlowCrawl
import FlowHostApp
import Foundation

/// The owner's side of studies: the list, and each study's results folded on the live map's crawl.
extension SessionHost {
    /// A study as the owner's list shows it: its id, title and the full link testers open.
    struct ListedStudy: Sendable, Encodable {
        let id: String
        let title: String
        let link: String
    }

    /// Every study the store keeps, each with the absolute link testers open (its path after
    /// `origin`).
    func listedStudies(origin: String) async throws -> [ListedStudy] {
        let key = try await paths.tokenKey()
        return try await paths.studies().sorted { $0.id < $1.id }.map {
            ListedStudy(
                id: $0.id, title: $0.study.title,
                link: origin + FlowHostRoute.study(link: StudyLink.id(ofStudy: $0.id, key: key)).url)
        }
    }

    /// The study `id` and its results as of now on the live map's crawl; nil when the store has no
    /// such study. A tester's task not ended is a bounce once their last event is older than the
    /// sessions' ``WebHostConfiguration/idleTimeout``.
    func studyResults(id: String) async throws -> (study: StoredStudy, results: StudyResults, live: LiveMap)? {
        guard let study = try await paths.study(id: id) else { return nil }
        let live = try await liveMap()
        let testers = try await paths.testers(ofStudy: id)
        let results = live.traffic.results(
            of: study.study, testers: testers, now: .now, idleTime: configuration.idleTimeout)
        return (study, results, live)
    }

    /// The part of the task `task` in the path copy of the study `id`'s tester `tester` (by index,
    /// in the order they started): from the task's start to its end, or to the copy's end for a
    /// task not ended. Nil when there is no such study, tester or started task.
    func testerPart(ofStudy id: String, tester: Int, task: Int) async throws -> ClickPath? {
        let testers = try await paths.testers(ofStudy: id)
        guard testers.indices.contains(tester) else { return nil }
        let copy = testers[tester]
        let events = copy.events.filter { $0.task == task }
        guard let first = events.lazy.compactMap({ if case .started(let entry) = $0.kind { entry } else { nil } }).first
        else { return nil }
        var last = copy.path.entries.count
        switch events.first(where: \.endsTask)?.kind {
        case .succeeded(let entry), .done(let entry), .gaveUp(let entry): last = min(entry, last)
        default: break
        }
        let start = min(first, copy.path.entries.count)
        return ClickPath(Array(copy.path.entries[start..<max(start, last)]))
    }
}

extension SessionHost {
    /// The results page of `study`, drawn on the live map `live`.
    func studyResultsPage(_ study: StoredStudy, _ results: StudyResults, on live: LiveMap) -> String {
        StudyResultsPage(
            map: live.map, svg: live.svg, problem: live.problem,
            thumbnail: { FlowHostRoute.mapThumbnail(state: $0).url },
            id: study.id, study: study.study, results: results,
            links: StudyResultsPage.Links(
                stylesheet: FlowHostRoute.mapStylesheet.url, studies: FlowHostRoute.studies.url,
                json: FlowHostRoute.studyResults(id: study.id, .json).url,
                csv: FlowHostRoute.studyResults(id: study.id, .csv).url,
                open: FlowHostRoute.openTesterPart(study: study.id).url, map: FlowHostRoute.map.url)
        ).html
    }
}
