import FlowHostApp
import FlowHostPostgres
import Foundation
import HTMLPresenter
import PostgresNIO
import Testing

/// What only the PostgreSQL store does: several processes on one database, its schema, its key,
/// and what a copy of its tables gives away. Each test works in a schema of its own on the test
/// server (``TestPostgres``); two stores on one schema stand for two processes.
@Suite("The PostgreSQL store", .serialized)
struct PostgresClickPathStoreTests {
    private static let password = "hunter2-but-longer"
    private static let signIn = ClickPath.Entry.action(
        ActionPosition(screen: ScreenPosition(layer: 0, path: [0], template: "login/login"), index: 0),
        fields: FormFields([
            .init(name: "email", value: "ada@example.com"), .init(name: "password", value: password, isSecret: true),
        ]))
    private static let inAMonth = Date.now.addingTimeInterval(30 * 24 * 3600)

    /// Every text of every row of the store's tables in `schema`, as a copy of the database has them.
    private func everything(in schema: String) async throws -> String {
        var text = ""
        for table in ["flowhost_sessions", "flowhost_entries", "flowhost_shares"] {
            for row in try await TestPostgres.query("SELECT CAST(t.* AS text) FROM \(table) t", schema: schema) {
                text += try row.decode(String.self) + "\n"
            }
        }
        return text
    }

    @Test("the tables hold no session id, share id or secret value in the clear, and read back whole")
    func nothingInTheClear() async throws {
        let schema = TestPostgres.newSchema()
        try await TestPostgres.store(schema: schema).whileRunning { store in
            let (session, shareID) = (OpaqueToken.random().text, OpaqueToken.random().text)
            try await store.append([Self.signIn], toSession: session, at: 0)
            try await store.share(ClickPath([Self.signIn]), id: shareID, bySession: session, expires: Self.inAMonth)

            let rows = try await everything(in: schema)
            #expect(rows.contains("ada@example.com"), "a field that is not secret is kept as typed")
            for secret in [session, shareID, Self.password] {
                #expect(!rows.contains(secret), "\(secret) is in the tables")
            }
            #expect(try await store.path(ofSession: session) == ClickPath([Self.signIn]))
            #expect(try await store.share(id: shareID, askedBy: session)?.path == ClickPath([Self.signIn]))
        }
    }

    @Test("without FLOWHOST_STORE_KEY, the key is made once in the database and every store on it reads secrets")
    func keyInTheDatabase() async throws {
        let schema = TestPostgres.newSchema()
        // Two processes starting at once: one makes the key, both use it.
        async let first = TestPostgres.store(schema: schema)
        async let second = TestPostgres.store(schema: schema)
        let (one, other) = try await (first, second)
        try await one.whileRunning { one in
            try await other.whileRunning { other in
                try await one.append([Self.signIn], toSession: "a", at: 0)
                #expect(try await other.path(ofSession: "a") == ClickPath([Self.signIn]))
            }
        }
        let keys = try await TestPostgres.query("SELECT value FROM flowhost_settings", schema: schema)
        #expect(keys.count == 1)
    }

    @Test("with FLOWHOST_STORE_KEY, no key is kept in the database; another key reads all but the secret values")
    func keyFromTheEnvironment() async throws {
        let schema = TestPostgres.newSchema()
        let key = Data((0..<32).map { UInt8($0) }).base64EncodedString()
        try await TestPostgres.store(schema: schema, environment: ["FLOWHOST_STORE_KEY": key]).whileRunning { store in
            try await store.append([Self.signIn], toSession: "a", at: 0)
            try await store.append([.liveMove], toSession: "b", at: 0)
        }

        #expect(try await TestPostgres.query("SELECT value FROM flowhost_settings", schema: schema).isEmpty)
        try await TestPostgres.store(schema: schema, environment: ["FLOWHOST_STORE_KEY": key]).whileRunning { again in
            let path = try await again.path(ofSession: "a")
            #expect(path == ClickPath([Self.signIn]))
        }
        // Without it, the key the database then makes cannot open the secret value; the rest reads.
        try await TestPostgres.store(schema: schema).whileRunning { other in
            await #expect(throws: ClickPathStoreError.self) { try await other.path(ofSession: "a") }
            let path = try await other.path(ofSession: "b")
            #expect(path == ClickPath([.liveMove]))
        }
    }

    @Test("two processes appending to one session at once: one wins, the other is told; nothing is written twice")
    func racingAppends() async throws {
        let schema = TestPostgres.newSchema()
        try await TestPostgres.withTwoStores(schema: schema) { one, other in
            let rounds = 40
            for round in 0..<rounds {
                async let first = failure {
                    try await one.append([.deepLink("one-\(round)")], toSession: "s", at: round)
                }
                async let second = failure {
                    try await other.append([.deepLink("other-\(round)")], toSession: "s", at: round)
                }
                let outcomes = await [first, second]
                #expect(outcomes.filter { $0 == nil }.count == 1, "round \(round): one append is stored")
                let refused = outcomes.compactMap { $0 }
                #expect(
                    refused.map { $0 as? ClickPathStoreError }
                        == [.startMismatch(session: "s", start: round, stored: round + 1)], "round \(round)")
            }

            let path = try #require(try await other.path(ofSession: "s"))
            #expect(path.entries.count == rounds)
            let rows = try await TestPostgres.query(
                "SELECT position FROM flowhost_entries ORDER BY position", schema: schema)
            #expect(try rows.map { try $0.decode(Int.self) } == Array(0..<rounds), "one row per position")
        }
    }

    @Test("a new session created by two processes at once: one creates it, the other is told")
    func racingNewSessions() async throws {
        let schema = TestPostgres.newSchema()
        try await TestPostgres.withTwoStores(schema: schema) { one, other in
            let reveal = ClickPath.Entry.reveal(ScreenPosition(layer: 0, path: [], template: nil))
            for round in 0..<20 {
                let session = "new-\(round)"
                async let first = failure { try await one.append([.liveMove, .liveMove], toSession: session, at: 0) }
                async let second = failure { try await other.append([reveal], toSession: session, at: 0) }
                let (oneFailure, otherFailure) = await (first, second)

                let stored = try #require(try await one.path(ofSession: session))
                switch (oneFailure, otherFailure) {
                case (nil, let error?):
                    #expect(stored == ClickPath([.liveMove, .liveMove]))
                    #expect(error as? ClickPathStoreError == .startMismatch(session: session, start: 0, stored: 2))
                case (let error?, nil):
                    #expect(stored == ClickPath([reveal]))
                    #expect(error as? ClickPathStoreError == .startMismatch(session: session, start: 0, stored: 1))
                default:
                    Issue.record(
                        "round \(round): not one append stored and one refused: \(String(describing: oneFailure)), \(String(describing: otherFailure))"
                    )
                }
            }
            let rows = try await TestPostgres.query("SELECT count(*) FROM flowhost_entries", schema: schema)
            let counts = try await TestPostgres.query("SELECT sum(entry_count) FROM flowhost_sessions", schema: schema)
            #expect(
                try rows.first?.decode(Int.self) == counts.first?.decode(Int.self), "each session's rows are its count")
        }
    }

    @Test("an empty schema is made at the current version (3); opened again it is kept as it is, its paths read back")
    func migrationAndReopening() async throws {
        let schema = TestPostgres.newSchema()
        try await TestPostgres.store(schema: schema).whileRunning { first in
            try await first.append([Self.signIn, .liveMove], toSession: "a", at: 0)
            try await first.share(ClickPath([.liveMove]), id: "s", bySession: "a", expires: Self.inAMonth)
        }

        try await TestPostgres.store(schema: schema).whileRunning { second in
            #expect(try await second.path(ofSession: "a") == ClickPath([Self.signIn, .liveMove]))
            #expect(try await second.share(id: "s", askedBy: "a")?.isSharer == true)
            try await second.append([.liveMove], toSession: "a", at: 2)
        }
        let versions = try await TestPostgres.query("SELECT version FROM flowhost_schema_version", schema: schema)
        #expect(try versions.map { try $0.decode(Int.self) } == [3])
    }

    @Test("a version 1 schema (before studies and comments) is migrated: its sessions kept, the new tables made")
    func migrationFromVersionOne() async throws {
        let schema = TestPostgres.newSchema()
        try await TestPostgres.store(schema: schema).whileRunning { first in
            try await first.append([.liveMove], toSession: "a", at: 0)
        }
        for statement in [
            "DROP TABLE flowhost_tester_events", "DROP TABLE flowhost_testers", "DROP TABLE flowhost_studies",
            "DROP TABLE flowhost_comments", "UPDATE flowhost_schema_version SET version = 1",
        ] {
            _ = try await TestPostgres.query(statement, schema: schema)
        }

        try await TestPostgres.store(schema: schema).whileRunning { second in
            #expect(try await second.path(ofSession: "a") == ClickPath([.liveMove]))
            try await second.saveStudy(
                Study(title: "t", tasks: [StudyTask(prompt: "p", start: .appStart, goal: ["g"])]), id: "s",
                link: "link", expires: Self.inAMonth)
            #expect(try await second.studies().map(\.id) == ["s"])
        }
        let versions = try await TestPostgres.query("SELECT version FROM flowhost_schema_version", schema: schema)
        #expect(try versions.map { try $0.decode(Int.self) } == [3])
    }

    @Test("a schema a newer FlowHost wrote is refused, and left as it is")
    func newerSchema() async throws {
        let schema = TestPostgres.newSchema()
        _ = try await TestPostgres.store(schema: schema)
        _ = try await TestPostgres.query("UPDATE flowhost_schema_version SET version = 99", schema: schema)

        let error = try await #require(throws: PostgresStoreError.self) { try await TestPostgres.store(schema: schema) }
        guard case .notAStore(_, let reason) = error else {
            Issue.record("expected notAStore, got \(error)")
            return
        }
        #expect(reason == "its schema is version 99, written by a newer FlowHost")
        let versions = try await TestPostgres.query("SELECT version FROM flowhost_schema_version", schema: schema)
        #expect(try versions.map { try $0.decode(Int.self) } == [99])
    }

    @Test(
        "opened to read (study rerun, export --store): a store is read and refuses writes; a schema with no store is refused and nothing is made"
    )
    func readOnly() async throws {
        let schema = TestPostgres.newSchema()
        let study = Study(title: "t", tasks: [StudyTask(prompt: "p", start: .appStart, goal: ["g"])])
        try await TestPostgres.store(schema: schema).whileRunning { store in
            try await store.saveStudy(study, id: "s", link: "link", expires: Self.inAMonth)
        }
        let reader = try await PostgresClickPathStore.openReadOnly(
            try TestPostgres.location(), schema: schema, environment: [:])
        let (found, refused) = try await reader.whileRunning { reader -> (Study?, Bool) in
            let found = try await reader.study(id: "s")?.study
            do {
                try await reader.saveStudy(study, id: "other", link: "other", expires: Self.inAMonth)
                return (found, false)
            } catch {
                return (found, true)
            }
        }
        #expect(found == study)
        #expect(refused, "a read-only transaction refuses the write")
        #expect(try await TestPostgres.query("SELECT id FROM flowhost_studies", schema: schema).count == 1)

        let empty = TestPostgres.newSchema()
        _ = try await TestPostgres.query("CREATE SCHEMA \(empty)", schema: nil)
        let error = try await #require(throws: PostgresStoreError.self) {
            try await PostgresClickPathStore.openReadOnly(try TestPostgres.location(), schema: empty, environment: [:])
        }
        guard case .notAStore(_, let reason) = error else {
            Issue.record("expected notAStore, got \(error)")
            return
        }
        #expect(reason.hasPrefix("it holds no FlowHost store"), "\(reason)")
        let tables = try await TestPostgres.query(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = '\(empty)'", schema: nil)
        #expect(try tables.first?.decode(Int.self) == 0, "nothing made in the schema")
    }

    @Test("a server nobody listens for is an unreachable error naming the database, without its password")
    func unreachable() async throws {
        let location = try PostgresStoreLocation(url: "postgres://flowhost:sesame@127.0.0.1:\(try freePort())/flowhost")

        let error = try await #require(throws: PostgresStoreError.self) {
            try await PostgresClickPathStore.open(location, environment: [:])
        }
        guard case .unreachable(let database, _) = error else {
            Issue.record("expected unreachable, got \(error)")
            return
        }
        #expect(database == "postgres://flowhost@127.0.0.1:\(location.port)/flowhost")
        #expect(!error.description.contains("sesame"))
        #expect(error.description.contains("--store memory"))
    }

    /// The error `body` throws, or nil.
    private func failure(_ body: () async throws -> Void) async -> (any Error)? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on (bound, then closed).
    private func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
