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

    /// What a study's results are kept for (``resultsOfStudies``): the live map's crawl (its
    /// templates' generation), the study's id, and what it asks as JSON (a study saved again with
    /// other tasks is counted anew).
    struct StudyResultsKey: Hashable, Sendable {
        let map: Int
        let study: String
        let definition: Data
    }

    /// At most this many studies' results are kept (the most recently counted); one over 10,000
    /// testers of 3 tasks holds about 7 MB (`Benchmarks/study-results.sh` prints it).
    static let cachedStudyResults = 4

    /// The study `id` and its results on the live map's crawl, as of at most
    /// ``WebHostConfiguration/trafficRefreshInterval`` ago: the page, its JSON and CSV share one
    /// count, read from the store (``FlowHostApp/ClickPathStore/testersForFigures(ofStudy:)``) and
    /// folded off the main actor, by one request while the others wait for it. Nil when the store
    /// has no such study. A tester's task not ended is a bounce once their last event and their
    /// session's last stored click are older than the sessions' ``WebHostConfiguration/idleTimeout``.
    ///
    /// Kept for a bounded age, not until a change is announced: other processes sharing a
    /// PostgreSQL store record testers' events too, and announce none of them; and the count
    /// changes with time alone (a task not ended turns from under way to bounced).
    func studyResults(id: String) async throws -> (study: StoredStudy, results: StudyResults, live: LiveMap)? {
        guard let study = try await paths.study(id: id) else { return nil }
        let live = try await liveMap()
        // Sorted keys: a keyed container's keys come out in a dictionary's order, which differs
        // from one encoding to the next.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let key = StudyResultsKey(map: live.id, study: id, definition: try encoder.encode(study.study))
        let results = try await resultsOfStudies.value(for: key) { [paths, configuration] in
            let testers = try await paths.testersForFigures(ofStudy: id)
            return live.traffic.results(
                of: study.study, testers: testers, now: .now, idleTime: configuration.idleTimeout)
        }
        return (study, results, live)
    }

    /// What ``testerPart(ofStudy:tester:started:task:)`` found.
    enum FoundTesterPart: Equatable {
        /// The part, to replay.
        case part(ClickPath)
        /// No such study, tester or started task.
        case none
        /// The tester at that index started at another time than the results page said: a
        /// tester started again since, and the indexes moved.
        case moved
    }

    /// The part of the task `task` in the path copy of the study `id`'s tester `tester` (by index,
    /// in the order they started, who started at `started`: ``FlowCrawl/TesterPart/startStamp``):
    /// from the task's start to its end, or to the copy's end for a task not ended.
    func testerPart(ofStudy id: String, tester: Int, started: Int64, task: Int) async throws -> FoundTesterPart {
        guard let copy = try await paths.tester(ofStudy: id, at: tester) else { return .none }
        guard TesterPart.startStamp(copy.started) == started else { return .moved }
        let events = copy.events.filter { $0.task == task }
        guard let first = events.lazy.compactMap({ if case .started(let entry) = $0.kind { entry } else { nil } }).first
        else { return .none }
        var last = copy.path.entries.count
        switch events.first(where: \.endsTask)?.kind {
        case .succeeded(let entry), .done(let entry), .gaveUp(let entry): last = min(entry, last)
        default: break
        }
        let start = min(first, copy.path.entries.count)
        return .part(ClickPath(Array(copy.path.entries[start..<max(start, last)])))
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
