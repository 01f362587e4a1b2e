import FlowHostApp
import FlowHostAtRest
import Foundation
import HTMLPresenter
import Logging
import PostgresNIO

/// Studies, in `flowhost_studies` (id, what it asks as JSON, its link's digest, expires, revoked),
/// and their testers in `flowhost_testers` (the session's digest, the study, when they started,
/// their event count, their path copy sealed) with their events in `flowhost_tester_events`.
extension PostgresClickPathStore {
    /// Keeps `study` under `id`, replacing what it asks, keeping its testers (and its link's
    /// expiry and revocation when the link is the same).
    public func saveStudy(_ study: Study, id: String, link: String, expires: Date) async throws {
        let definition = String(decoding: try JSONEncoder().encode(study), as: UTF8.self)
        let (key, until) = (IdentifierDigest.of(link), expires.timeIntervalSince1970)
        let maxStudies = limits.maxStudies
        // An upsert, not a delete and insert: testers refer to the row. A new id is inserted only
        // below the bound, in the same statement.
        let kept = try await reaching { client, logger in
            try await client.query(
                """
                INSERT INTO flowhost_studies (id, definition, link, expires, revoked)
                SELECT \(id), \(definition), \(key), \(until), false
                WHERE EXISTS (SELECT 1 FROM flowhost_studies WHERE id = \(id))
                    OR (SELECT count(*) FROM flowhost_studies) < \(maxStudies)
                ON CONFLICT (id) DO UPDATE SET
                    definition = excluded.definition,
                    expires = CASE WHEN flowhost_studies.link = excluded.link
                        THEN flowhost_studies.expires ELSE excluded.expires END,
                    revoked = flowhost_studies.link = excluded.link AND flowhost_studies.revoked,
                    link = excluded.link
                RETURNING 1
                """, logger: logger
            ).collect().count
        }
        guard kept > 0 else { throw StudyRecordError.tooManyStudies(limit: maxStudies) }
    }

    /// Keeps `study` under `id` when no study has that id: one statement with the bound.
    public func addStudy(_ study: Study, id: String, link: String, expires: Date) async throws -> Bool {
        let definition = String(decoding: try JSONEncoder().encode(study), as: UTF8.self)
        let (key, until) = (IdentifierDigest.of(link), expires.timeIntervalSince1970)
        let maxStudies = limits.maxStudies
        let added = try await reaching { client, logger in
            try await client.query(
                """
                INSERT INTO flowhost_studies (id, definition, link, expires, revoked)
                SELECT \(id), \(definition), \(key), \(until), false
                WHERE (SELECT count(*) FROM flowhost_studies) < \(maxStudies)
                ON CONFLICT (id) DO NOTHING
                RETURNING 1
                """, logger: logger
            ).collect().count
        }
        if added > 0 { return true }
        // Nothing inserted: the id is taken, or the store is full.
        guard try await self.study(id: id) == nil else { return false }
        throw StudyRecordError.tooManyStudies(limit: maxStudies)
    }

    /// Every study, by id.
    public func studies() async throws -> [StoredStudy] {
        try await storedStudies { client, logger in
            try await client.query(
                "SELECT id, definition, expires, revoked FROM flowhost_studies ORDER BY id", logger: logger
            ).collect()
        }
    }

    /// The study `id`, or nil.
    public func study(id: String) async throws -> StoredStudy? {
        try await storedStudies { client, logger in
            try await client.query(
                "SELECT id, definition, expires, revoked FROM flowhost_studies WHERE id = \(id)", logger: logger
            ).collect()
        }.first
    }

    /// The study whose link is `link`, or nil.
    public func study(link: String) async throws -> StoredStudy? {
        let key = IdentifierDigest.of(link)
        return try await storedStudies { client, logger in
            try await client.query(
                "SELECT id, definition, expires, revoked FROM flowhost_studies WHERE link = \(key)", logger: logger
            ).collect()
        }.first
    }

    /// Revokes the link of the study `id`.
    public func revokeStudyLink(ofStudy id: String) async throws -> Bool {
        try await reaching { client, logger in
            try await !client.query(
                "UPDATE flowhost_studies SET revoked = true WHERE id = \(id) RETURNING 1", logger: logger
            ).collect().isEmpty
        }
    }

    /// Makes `session` a tester of the study whose link is `link`: in one transaction that locks
    /// the study's row, so that testers of several processes starting at once count each other.
    public func startTester(_ session: String, fromStudyLink link: String) async throws -> StoredStudy {
        let (linkKey, key, maxTesters) = (
            IdentifierDigest.of(link), IdentifierDigest.of(session), limits.maxTestersPerStudy
        )
        guard let found = try await study(link: link) else { throw StudyRecordError.noSuchStudyLink }
        let (id, now, empty) = (found.id, Date.now.timeIntervalSince1970, try sealed.text(of: ClickPath()))
        try await transaction { connection, logger in
            let row = try await connection.query(
                "SELECT expires, revoked FROM flowhost_studies WHERE id = \(id) AND link = \(linkKey) FOR UPDATE",
                logger: logger
            ).collect().first
            let status = try row.map { row in
                let (expires, revoked) = try row.decode((Double, Bool).self)
                return SharedPath.status(revoked: revoked, expires: Date(timeIntervalSince1970: expires), now: .now)
            }
            if let refusal = StudyRecordError.refusal(opening: status) { throw refusal }
            let others =
                try await connection.query(
                    "SELECT count(*) FROM flowhost_testers WHERE study = \(id) AND session <> \(key)", logger: logger
                ).collect().first?.decode(Int.self) ?? 0
            guard others < maxTesters else { throw StudyRecordError.tooManyTesters(study: id, limit: maxTesters) }
            try await connection.query("DELETE FROM flowhost_testers WHERE session = \(key)", logger: logger)
            try await connection.query(
                """
                INSERT INTO flowhost_testers (session, study, started, event_count, path)
                VALUES (\(key), \(id), \(now), 0, \(empty))
                """, logger: logger)
        }
        return found
    }

    /// Appends `events` to the tester `session`'s at `start`, and keeps `path` with `labels` when given: in one
    /// transaction that locks the tester's row while it compares the count.
    public func record(
        _ events: [StudyEvent], ofTester session: String, at start: Int, path: ClickPath?, labels: [String?]
    ) async throws {
        let key = IdentifierDigest.of(session)
        let encoder = JSONEncoder()
        let rows = try events.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let pathText = try path.map { try sealed.text(of: $0, labels: labels) }
        let limits = self.limits
        try await transaction { connection, logger in
            let stored = try await connection.query(
                "SELECT event_count FROM flowhost_testers WHERE session = \(key) FOR UPDATE", logger: logger
            ).collect().first?.decode(Int.self)
            if let refusal = limits.refusal(recording: rows.count, ofTester: session, at: start, stored: stored) {
                throw refusal
            }
            try await connection.query(
                """
                INSERT INTO flowhost_tester_events (tester, position, event)
                SELECT \(key), rows.ordinality - 1 + \(start), rows.event
                FROM unnest(\(rows)::text[]) WITH ORDINALITY AS rows (event, ordinality)
                """, logger: logger)
            try await connection.query(
                """
                UPDATE flowhost_testers SET event_count = \(start + rows.count), path = COALESCE(\(pathText), path)
                WHERE session = \(key)
                """, logger: logger)
        }
    }

    /// The testers of the study `id`, in the order they started.
    public func testers(ofStudy id: String) async throws -> [StudyTester] {
        let (testerRows, eventRows) = try await reaching { client, logger in
            let testers = try await client.query(
                """
                SELECT t.session, t.started, t.path, s.last_used FROM flowhost_testers t
                LEFT JOIN flowhost_sessions s ON s.id = t.session
                WHERE t.study = \(id) ORDER BY t.started, t.session
                """, logger: logger
            ).collect()
            let events = try await client.query(
                """
                SELECT e.tester, e.event FROM flowhost_tester_events e JOIN flowhost_testers t ON t.session = e.tester
                WHERE t.study = \(id) ORDER BY e.tester, e.position
                """, logger: logger
            ).collect()
            return (testers, events)
        }
        var events: [String: [String]] = [:]
        for row in eventRows {
            let (tester, event) = try row.decode((String, String).self)
            events[tester, default: []].append(event)
        }
        let decoder = JSONDecoder()
        return try testerRows.map { row in
            let (session, started, text, lastClick) = try row.decode((String, Double, String, Double?).self)
            let (path, labels) = try sealed.labelledPath(text)
            return StudyTester(
                started: Date(timeIntervalSince1970: started),
                events: try (events[session] ?? []).map { try decoder.decode(StudyEvent.self, from: Data($0.utf8)) },
                path: path, lastClick: lastClick.map(Date.init(timeIntervalSince1970:)), labels: labels)
        }
    }

    /// The testers of the study `id` for its results, in the order they started, secret values left
    /// empty: PostgreSQL's JSON functions split each path copy into its entries and each event into
    /// columns (`StudyEventColumns`), so that Swift decrypts nothing, decodes each distinct entry
    /// once and no event as JSON. `json`, not `jsonb`: its text is the stored one, which the
    /// entries' decoding (secret values left out as text) reads.
    public func testersForFigures(ofStudy id: String) async throws -> [StudyTester] {
        let (testerRows, entryRows, eventRows) = try await reaching { client, logger in
            let testers = try await client.query(
                """
                SELECT t.session, t.started, s.last_used FROM flowhost_testers t
                LEFT JOIN flowhost_sessions s ON s.id = t.session
                WHERE t.study = \(id) ORDER BY t.started, t.session
                """, logger: logger
            ).collect()
            let entries = try await client.query(
                """
                SELECT t.session, e.entry::text
                FROM flowhost_testers t, json_array_elements(t.path::json -> 'entries') WITH ORDINALITY AS e (entry, n)
                WHERE t.study = \(id) ORDER BY t.session, e.n
                """, logger: logger
            ).collect()
            let events = try await client.query(
                """
                SELECT e.tester, (e.event::json ->> 'task')::integer, e.event::json ->> 'at', k.key,
                    (k.value ->> 'entry')::integer, k.value ->> 'screen', k.value ->> 'seconds', k.value ->> 'x',
                    k.value ->> 'y'
                FROM flowhost_tester_events e JOIN flowhost_testers t ON t.session = e.tester,
                    json_each(e.event::json -> 'kind') AS k
                WHERE t.study = \(id) ORDER BY e.tester, e.position
                """, logger: logger
            ).collect()
            return (testers, entries, events)
        }
        var testers: [SealedClickPaths.TesterTexts] = []
        var index: [String: Int] = [:]
        for row in testerRows {
            let (session, started, lastClick) = try row.decode((String, Double, Double?).self)
            index[session] = testers.count
            testers.append(SealedClickPaths.TesterTexts(started: started, lastClick: lastClick))
        }
        for row in entryRows {
            let (session, entry) = try row.decode((String, String).self)
            if let tester = index[session] { testers[tester].entries.append(entry) }
        }
        for row in eventRows {
            let (session, task, at, kind, entry, screen, seconds, x, y) = try row.decode(
                (String, Int, String, String, Int?, String?, String?, String?, String?).self)
            guard let tester = index[session] else { continue }
            let columns = StudyEventColumns(
                task: task, at: at, kind: kind, entry: entry, screen: screen, seconds: seconds, x: x, y: y)
            testers[tester].events.append(try columns.event(source: sealed.source))
        }
        return try await sealed.testersForFigures(testers)
    }

    /// The tester at `index` among the study `id`'s, in the order they started; nil for none. One
    /// tester's rows are read and decrypted, whatever the study's size.
    public func tester(ofStudy id: String, at index: Int) async throws -> StudyTester? {
        guard index >= 0 else { return nil }
        let read = try await reaching { client, logger -> SealedClickPaths.StoredTester? in
            let keys = try await client.query(
                """
                SELECT session FROM flowhost_testers WHERE study = \(id) ORDER BY started, session
                LIMIT 1 OFFSET \(index)
                """, logger: logger
            ).collect()
            guard let key = try keys.first?.decode(String.self) else { return nil }
            return try await Self.testerRows(key: key, client, logger)
        }
        return try read.map(sealed.tester)
    }

    /// The study whose tester `session` is, with the tester; nil for none.
    public func tester(session: String) async throws -> (study: String, tester: StudyTester)? {
        let key = IdentifierDigest.of(session)
        guard let read = try await reaching({ client, logger in try await Self.testerRows(key: key, client, logger) })
        else { return nil }
        return (read.study, try sealed.tester(read))
    }

    /// The rows of the tester whose session's digest is `key`; nil for none.
    private static func testerRows(key: String, _ client: PostgresClient, _ logger: Logger) async throws
        -> SealedClickPaths.StoredTester?
    {
        let testers = try await client.query(
            """
            SELECT t.study, t.started, t.path, s.last_used FROM flowhost_testers t
            LEFT JOIN flowhost_sessions s ON s.id = t.session WHERE t.session = \(key)
            """, logger: logger
        ).collect()
        // Most sessions rebuilt are no testers: one round trip for them.
        guard let row = testers.first else { return nil }
        let (study, started, path, lastClick) = try row.decode((String, Double, String, Double?).self)
        let events = try await client.query(
            "SELECT event FROM flowhost_tester_events WHERE tester = \(key) ORDER BY position", logger: logger
        ).collect()
        return SealedClickPaths.StoredTester(
            study: study, started: started, path: path, lastClick: lastClick,
            events: try events.map { try $0.decode(String.self) })
    }

    /// The studies of the rows `query` reads (id, definition, expires, revoked).
    private func storedStudies(
        _ query: @escaping @Sendable (PostgresClient, Logger) async throws -> [PostgresRow]
    ) async throws -> [StoredStudy] {
        let decoder = JSONDecoder()
        return try await reaching(query).map { row in
            let (id, definition, seconds, revoked) = try row.decode((String, String, Double, Bool).self)
            let expires = Date(timeIntervalSince1970: seconds)
            return StoredStudy(
                id: id, study: try decoder.decode(Study.self, from: Data(definition.utf8)), expires: expires,
                status: SharedPath.status(revoked: revoked, expires: expires, now: .now))
        }
    }
}
