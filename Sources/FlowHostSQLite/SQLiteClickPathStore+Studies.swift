import FlowHostApp
import FlowHostAtRest
import Foundation
import GRDB
import HTMLPresenter

/// Studies, in the `studies` table (id, what it asks as JSON, its link's digest, expires,
/// revoked), and their testers in `testers` (the session's digest, the study, when they started,
/// their event count, their path copy sealed) with their events in `testerEvents`.
extension SQLiteClickPathStore {
    /// Keeps `study` under `id`, replacing what it asks, keeping its testers (and its link's
    /// expiry and revocation when the link is the same).
    public func saveStudy(_ study: Study, id: String, link: String, expires: Date) async throws {
        let definition = String(decoding: try JSONEncoder().encode(study), as: UTF8.self)
        let (key, until) = (IdentifierDigest.of(link), expires.timeIntervalSince1970)
        let maxStudies = limits.maxStudies
        try await write { db in
            if try !Self.hasStudy(id, db), try Int.fetchOne(db, sql: "SELECT count(*) FROM studies") ?? 0 >= maxStudies
            {
                throw StudyRecordError.tooManyStudies(limit: maxStudies)
            }
            // An upsert, not a replace: a replace deletes the row, and its testers with it.
            try db.execute(
                sql: """
                    INSERT INTO studies (id, definition, link, expires, revoked) VALUES (?1, ?2, ?3, ?4, 0)
                    ON CONFLICT (id) DO UPDATE SET
                        definition = ?2,
                        expires = CASE WHEN link = ?3 THEN expires ELSE ?4 END,
                        revoked = CASE WHEN link = ?3 THEN revoked ELSE 0 END,
                        link = ?3
                    """,
                arguments: [id, definition, key, until])
        }
    }

    /// Keeps `study` under `id` when no study has that id; one transaction with the bound.
    public func addStudy(_ study: Study, id: String, link: String, expires: Date) async throws -> Bool {
        let definition = String(decoding: try JSONEncoder().encode(study), as: UTF8.self)
        let (key, until) = (IdentifierDigest.of(link), expires.timeIntervalSince1970)
        let maxStudies = limits.maxStudies
        return try await write { db in
            if try Self.hasStudy(id, db) { return false }
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM studies") ?? 0 < maxStudies else {
                throw StudyRecordError.tooManyStudies(limit: maxStudies)
            }
            try db.execute(
                sql: "INSERT INTO studies (id, definition, link, expires, revoked) VALUES (?, ?, ?, ?, 0)",
                arguments: [id, definition, key, until])
            return true
        }
    }

    /// Whether the study `id` is kept.
    private static func hasStudy(_ id: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM studies WHERE id = ?)", arguments: [id]) ?? false
    }

    /// Every study, by id.
    public func studies() async throws -> [StoredStudy] {
        try await storedStudies(where: "1", arguments: [])
    }

    /// The study `id`, or nil.
    public func study(id: String) async throws -> StoredStudy? {
        try await storedStudies(where: "id = ?", arguments: [id]).first
    }

    /// The study whose link is `link`, or nil.
    public func study(link: String) async throws -> StoredStudy? {
        try await storedStudies(where: "link = ?", arguments: [IdentifierDigest.of(link)]).first
    }

    /// Revokes the link of the study `id`.
    public func revokeStudyLink(ofStudy id: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE studies SET revoked = 1 WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Makes `session` a tester of the study whose link is `link`, in one transaction with the
    /// check of the link and of the bound.
    public func startTester(_ session: String, fromStudyLink link: String) async throws -> StoredStudy {
        let (linkKey, key, maxTesters) = (
            IdentifierDigest.of(link), IdentifierDigest.of(session), limits.maxTestersPerStudy
        )
        let empty = try sealed.text(of: ClickPath())
        let id = try await write { db -> String in
            let row = try Row.fetchOne(
                db, sql: "SELECT id, expires, revoked FROM studies WHERE link = ?", arguments: [linkKey])
            let status = row.map {
                SharedPath.status(
                    revoked: $0["revoked"], expires: Date(timeIntervalSince1970: $0["expires"]), now: .now)
            }
            if let refusal = StudyRecordError.refusal(opening: status) { throw refusal }
            let id: String = row?["id"] ?? ""
            let others =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM testers WHERE study = ? AND session != ?", arguments: [id, key]) ?? 0
            guard others < maxTesters else { throw StudyRecordError.tooManyTesters(study: id, limit: maxTesters) }
            try db.execute(sql: "DELETE FROM testers WHERE session = ?", arguments: [key])
            try db.execute(
                sql: "INSERT INTO testers (session, study, started, eventCount, path) VALUES (?, ?, ?, 0, ?)",
                arguments: [key, id, Date.now.timeIntervalSince1970, empty])
            return id
        }
        guard let study = try await study(id: id) else { throw StudyRecordError.noSuchStudyLink }
        return study
    }

    /// Appends `events` to the tester `session`'s at `start`, and keeps `path` with `labels` when given, in one
    /// transaction with the checks.
    public func record(
        _ events: [StudyEvent], ofTester session: String, at start: Int, path: ClickPath?, labels: [String?]
    ) async throws {
        let key = IdentifierDigest.of(session)
        let encoder = JSONEncoder()
        let rows = try events.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let pathText = try path.map { try sealed.text(of: $0, labels: labels) }
        let limits = self.limits
        try await write { db in
            let stored = try Int.fetchOne(db, sql: "SELECT eventCount FROM testers WHERE session = ?", arguments: [key])
            if let refusal = limits.refusal(recording: rows.count, ofTester: session, at: start, stored: stored) {
                throw refusal
            }
            for (offset, row) in rows.enumerated() {
                try db.execute(
                    sql: "INSERT INTO testerEvents (tester, position, event) VALUES (?, ?, ?)",
                    arguments: [key, start + offset, row])
            }
            try db.execute(
                sql: "UPDATE testers SET eventCount = ?, path = COALESCE(?, path) WHERE session = ?",
                arguments: [start + rows.count, pathText, key])
        }
    }

    /// The testers of the study `id`, in the order they started.
    public func testers(ofStudy id: String) async throws -> [StudyTester] {
        let rows = try await read { db -> [(session: String, started: Double, path: String, lastClick: Double?)] in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT testers.session, testers.started, testers.path, sessions.lastUsed FROM testers
                    LEFT JOIN sessions ON sessions.id = testers.session
                    WHERE testers.study = ? ORDER BY testers.started, testers.rowid
                    """,
                arguments: [id]
            ).map { ($0[0], $0[1], $0[2], $0[3]) }
        }
        let events = try await read { db -> [String: [String]] in
            var events: [String: [String]] = [:]
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT tester, event FROM testerEvents
                    WHERE tester IN (SELECT session FROM testers WHERE study = ?) ORDER BY tester, position
                    """,
                arguments: [id])
            for row in rows { events[row["tester"], default: []].append(row["event"]) }
            return events
        }
        // Decoding is most of the time of a study's results (`Benchmarks/study-results.sh`): each
        // tester's events are decoded as one array, not one by one, and the testers on every core.
        let sealed = sealed
        let processors = ProcessInfo.processInfo.activeProcessorCount
        let chunk = max(1, (rows.count + processors - 1) / processors)
        return try await withThrowingTaskGroup(of: (Int, [StudyTester]).self) { group in
            for start in stride(from: 0, to: rows.count, by: chunk) {
                let part = rows[start..<min(start + chunk, rows.count)].map { ($0, events[$0.session] ?? []) }
                group.addTask {
                    let decoder = JSONDecoder()
                    return (
                        start,
                        try part.map { row, events in
                            let (path, labels) = try sealed.labelledPath(row.path)
                            return StudyTester(
                                started: Date(timeIntervalSince1970: row.started),
                                events: try decoder.decode(
                                    [StudyEvent].self, from: Data(("[" + events.joined(separator: ",") + "]").utf8)),
                                path: path, lastClick: row.lastClick.map(Date.init(timeIntervalSince1970:)),
                                labels: labels)
                        }
                    )
                }
            }
            var testers: [StudyTester?] = Array(repeating: nil, count: rows.count)
            for try await (start, part) in group {
                for (offset, tester) in part.enumerated() { testers[start + offset] = tester }
            }
            return testers.compactMap { $0 }
        }
    }

    /// The testers of the study `id` for its results, in the order they started, secret values left
    /// empty: in one read, SQLite's JSON functions split each path copy into its entries and each
    /// event into columns (`StudyEventColumns`), so that Swift decrypts nothing, decodes each
    /// distinct entry once and no event as JSON (`Benchmarks/study-results.sh`).
    public func testersForFigures(ofStudy id: String) async throws -> [StudyTester] {
        let source = sealed.source
        let testers = try await read { db -> [SealedClickPaths.TesterTexts] in
            var testers: [SealedClickPaths.TesterTexts] = []
            var index: [Int64: Int] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT t.rowid, t.started, s.lastUsed FROM testers AS t LEFT JOIN sessions AS s ON s.id = t.session
                    WHERE t.study = ? ORDER BY t.started, t.rowid
                    """,
                arguments: [id])
            while let row = try rows.next() {
                index[row[0]] = testers.count
                testers.append(SealedClickPaths.TesterTexts(started: row[1], lastClick: row[2]))
            }
            let entries = try Row.fetchCursor(
                db,
                sql: """
                    SELECT t.rowid, e.value FROM testers AS t, json_each(t.path, '$.entries') AS e
                    WHERE t.study = ? ORDER BY t.rowid, e.key
                    """,
                arguments: [id])
            while let row = try entries.next() {
                if let tester = index[row[0]] { testers[tester].entries.append(row[1]) }
            }
            // Numbers as their JSON text (`->`), strings as SQL text (`->>`).
            let events = try Row.fetchCursor(
                db,
                sql: """
                    SELECT t.rowid, e.event ->> '$.task', e.event -> '$.at', k.key, k.value ->> '$.entry',
                        k.value ->> '$.screen', k.value -> '$.seconds', k.value -> '$.x', k.value -> '$.y'
                    FROM testers AS t JOIN testerEvents AS e ON e.tester = t.session, json_each(e.event, '$.kind') AS k
                    WHERE t.study = ? ORDER BY t.rowid, e.position
                    """,
                arguments: [id])
            while let row = try events.next() {
                guard let tester = index[row[0]] else { continue }
                let columns = StudyEventColumns(
                    task: row[1], at: row[2], kind: row[3], entry: row[4], screen: row[5], seconds: row[6], x: row[7],
                    y: row[8])
                testers[tester].events.append(try columns.event(source: source))
            }
            return testers
        }
        return try await sealed.testersForFigures(testers)
    }

    /// The tester at `index` among the study `id`'s, in the order they started; nil for none. One
    /// tester's rows are read and decrypted, whatever the study's size.
    public func tester(ofStudy id: String, at index: Int) async throws -> StudyTester? {
        guard index >= 0 else { return nil }
        let read = try await read { db -> SealedClickPaths.StoredTester? in
            guard
                let key = try String.fetchOne(
                    db, sql: "SELECT session FROM testers WHERE study = ? ORDER BY started, rowid LIMIT 1 OFFSET ?",
                    arguments: [id, index])
            else { return nil }
            return try Self.testerRows(key: key, db)
        }
        return try read.map(sealed.tester)
    }

    /// The study whose tester `session` is, with the tester; nil for none.
    public func tester(session: String) async throws -> (study: String, tester: StudyTester)? {
        let key = IdentifierDigest.of(session)
        guard let read = try await read({ db in try Self.testerRows(key: key, db) }) else { return nil }
        return (read.study, try sealed.tester(read))
    }

    /// The rows of the tester whose session's digest is `key`; nil for none.
    private static func testerRows(key: String, _ db: Database) throws -> SealedClickPaths.StoredTester? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT testers.study, testers.started, testers.path, sessions.lastUsed FROM testers
                    LEFT JOIN sessions ON sessions.id = testers.session WHERE testers.session = ?
                    """,
                arguments: [key])
        else { return nil }
        let events = try String.fetchAll(
            db, sql: "SELECT event FROM testerEvents WHERE tester = ? ORDER BY position", arguments: [key])
        return SealedClickPaths.StoredTester(
            study: row[0], started: row[1], path: row[2], lastClick: row[3], events: events)
    }

    /// The studies of the rows matching `condition`, by id.
    private func storedStudies(where condition: String, arguments: StatementArguments) async throws -> [StoredStudy] {
        let rows = try await read { db -> [(id: String, definition: String, expires: Double, revoked: Bool)] in
            try Row.fetchAll(
                db, sql: "SELECT id, definition, expires, revoked FROM studies WHERE \(condition) ORDER BY id",
                arguments: arguments
            ).map { ($0["id"], $0["definition"], $0["expires"], $0["revoked"]) }
        }
        let decoder = JSONDecoder()
        return try rows.map { row in
            let expires = Date(timeIntervalSince1970: row.expires)
            return StoredStudy(
                id: row.id, study: try decoder.decode(Study.self, from: Data(row.definition.utf8)), expires: expires,
                status: SharedPath.status(revoked: row.revoked, expires: expires, now: .now))
        }
    }
}
