import Foundation
import HTMLPresenter

/// Studies by id, each with its link, and their testers by session, each with its events and its
/// copy of its path (kept apart from the sessions, which end by their own rules).
extension MemoryClickPathStore {
    struct StudyRecord {
        var study: Study
        var link: String
        var expires: Date
        var revoked = false

        func stored(id: String) -> StoredStudy {
            StoredStudy(
                id: id, study: study, expires: expires,
                status: SharedPath.status(revoked: revoked, expires: expires, now: .now))
        }
    }

    struct TesterRecord {
        let study: String
        let order: Int
        var tester: StudyTester
    }

    /// Keeps `study` under `id`, replacing what it asks, keeping its testers (and its link's
    /// expiry and revocation when the link is the same).
    public func saveStudy(_ study: Study, id: String, link: String, expires: Date) async throws {
        try state.withLock { state in
            if state.studies[id] == nil, state.studies.count >= limits.maxStudies {
                throw StudyRecordError.tooManyStudies(limit: limits.maxStudies)
            }
            if state.studies[id]?.link == link {
                state.studies[id]?.study = study
            } else {
                state.studies[id] = StudyRecord(study: study, link: link, expires: expires)
            }
        }
    }

    /// Keeps `study` under `id` when no study has that id.
    public func addStudy(_ study: Study, id: String, link: String, expires: Date) async throws -> Bool {
        try state.withLock { state in
            guard state.studies[id] == nil else { return false }
            guard state.studies.count < limits.maxStudies else {
                throw StudyRecordError.tooManyStudies(limit: limits.maxStudies)
            }
            state.studies[id] = StudyRecord(study: study, link: link, expires: expires)
            return true
        }
    }

    /// Every study, by id.
    public func studies() async throws -> [StoredStudy] {
        state.withLock { state in
            state.studies.sorted { $0.key < $1.key }.map { $0.value.stored(id: $0.key) }
        }
    }

    /// The study `id`, or nil.
    public func study(id: String) async throws -> StoredStudy? {
        state.withLock { $0.studies[id]?.stored(id: id) }
    }

    /// The study whose link is `link`, or nil.
    public func study(link: String) async throws -> StoredStudy? {
        state.withLock { state in
            state.studies.first { $0.value.link == link }.map { $0.value.stored(id: $0.key) }
        }
    }

    /// Revokes the link of the study `id`.
    public func revokeStudyLink(ofStudy id: String) async throws -> Bool {
        state.withLock { state in
            guard state.studies[id] != nil else { return false }
            state.studies[id]?.revoked = true
            return true
        }
    }

    /// Makes `session` a tester of the study whose link is `link`.
    public func startTester(_ session: String, fromStudyLink link: String) async throws -> StoredStudy {
        try state.withLock { state in
            guard
                case let (id, record)? = state.studies.first(where: { $0.value.link == link }).map({
                    ($0.key, $0.value)
                })
            else { throw StudyRecordError.noSuchStudyLink }
            if let refusal = StudyRecordError.refusal(opening: record.stored(id: id).status) { throw refusal }
            let others = state.testers.filter { $0.value.study == id && $0.key != session }.count
            guard others < limits.maxTestersPerStudy else {
                throw StudyRecordError.tooManyTesters(study: id, limit: limits.maxTestersPerStudy)
            }
            state.uses += 1
            state.testers[session] = TesterRecord(
                study: id, order: state.uses, tester: StudyTester(started: .now, events: [], path: ClickPath()))
            return record.stored(id: id)
        }
    }

    /// Appends `events` to the tester `session`'s at `start`, and keeps `path` with `labels` when
    /// given.
    public func record(
        _ events: [StudyEvent], ofTester session: String, at start: Int, path: ClickPath?, labels: [String?]
    ) async throws {
        try state.withLock { state in
            let stored = state.testers[session]?.tester.events.count
            if let refusal = limits.refusal(recording: events.count, ofTester: session, at: start, stored: stored) {
                throw refusal
            }
            state.testers[session]?.tester.events += events
            if let path {
                state.testers[session]?.tester.path = path
                state.testers[session]?.tester.labels = labels.contains { $0 != nil } ? labels : []
            }
        }
    }

    /// The testers of the study `id`, in the order they started.
    public func testers(ofStudy id: String) async throws -> [StudyTester] {
        state.withLock { state in
            state.testers.filter { $0.value.study == id }.sorted { $0.value.order < $1.value.order }.map {
                state.tester($0.value.tester, ofSession: $0.key)
            }
        }
    }

    /// The testers of the study `id`, in the order they started, secret values left empty.
    public func testersForFigures(ofStudy id: String) async throws -> [StudyTester] {
        try await testers(ofStudy: id).map { tester in
            var tester = tester
            tester.path = ClickPath(tester.path.entries.map(\.secretValuesLeftOut))
            return tester
        }
    }

    /// The tester at `index` among the study `id`'s, in the order they started; nil for none.
    public func tester(ofStudy id: String, at index: Int) async throws -> StudyTester? {
        let testers = try await testers(ofStudy: id)
        return testers.indices.contains(index) ? testers[index] : nil
    }

    /// The study whose tester `session` is, with the tester; nil for none.
    public func tester(session: String) async throws -> (study: String, tester: StudyTester)? {
        state.withLock { state in
            state.testers[session].map { ($0.study, state.tester($0.tester, ofSession: session)) }
        }
    }
}

extension MemoryClickPathStore.State {
    /// `tester` as the store gives them: with the last use of their session `session`, while it
    /// keeps one.
    fileprivate func tester(_ tester: StudyTester, ofSession session: String) -> StudyTester {
        var tester = tester
        tester.lastClick = sessions[session]?.usedAt
        return tester
    }
}
