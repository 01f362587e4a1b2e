import FlowHostApp
import FlowHostPostgres
import Foundation
import Logging
import PostgresNIO

#if canImport(Glibc)
    import Glibc
#endif

/// The PostgreSQL server the tests use: `FLOWHOST_TEST_POSTGRES`, the URL of a throwaway cluster
/// that scripts/test starts. Each test works in a schema of its own, so that tests never see each
/// other's sessions.
enum TestPostgres {
    /// Why a test that needs PostgreSQL cannot run, and how to run it.
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "FLOWHOST_TEST_POSTGRES is not set: this test needs a PostgreSQL server. scripts/test starts one; by hand:"
                + " url=$(scripts/lib/postgres-cluster.sh start) && FLOWHOST_TEST_POSTGRES=$url swift test --filter ...;"
                + " scripts/lib/postgres-cluster.sh stop $url"
        }
    }

    /// The test server's location.
    /// - Throws: ``Missing`` when `FLOWHOST_TEST_POSTGRES` is not set: the test fails, saying how
    ///   to run it.
    static func location() throws -> PostgresStoreLocation {
        guard let url = ProcessInfo.processInfo.environment["FLOWHOST_TEST_POSTGRES"] else { throw Missing() }
        return try PostgresStoreLocation(url: url)
    }

    /// A new schema name, for one test.
    static func newSchema() -> String {
        "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// A store in a new schema of the test server (or of `location`), opened, not running
    /// (``ClickPathStore/whileRunning(_:)`` runs it).
    static func store(
        schema: String = newSchema(),
        limits: ClickPathStoreLimits = ClickPathStoreLimits(
            maxSessions: 100, maxEntriesPerSession: 100, maxShares: 100),
        environment: [String: String] = [:], location: PostgresStoreLocation? = nil, patience: Duration = .seconds(5),
        listenerCheck: Duration = .seconds(30), logger: Logger = Logger(label: "flowhost.test.store")
    ) async throws -> PostgresClickPathStore {
        try await PostgresClickPathStore.open(
            try location ?? self.location(), schema: schema, limits: limits, patience: patience,
            listenerCheck: listenerCheck, environment: environment, logger: logger)
    }

    /// Runs `body` with two stores on one schema, running: two processes sharing a database.
    static func withTwoStores(
        schema: String = newSchema(), _ body: (PostgresClickPathStore, PostgresClickPathStore) async throws -> Void
    ) async throws {
        let (first, second) = (try await store(schema: schema), try await store(schema: schema))
        try await first.whileRunning { first in
            try await second.whileRunning { second in try await body(first, second) }
        }
    }

    /// Runs `body` while a transaction of another client (another process) holds `table` of
    /// `schema` locked, so that every statement of the store's on it waits.
    static func holdingLock(on table: String, schema: String, _ body: () async throws -> Void) async throws {
        let logger = Logger(label: "flowhost.test.postgres")
        let connection = try await PostgresConnection.connect(
            configuration: try location().connectionConfiguration(schema: schema), id: 2, logger: logger)
        do {
            try await connection.query("BEGIN", logger: logger)
            try await connection.query(
                PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE"), logger: logger)
            try await body()
            try await connection.query("ROLLBACK", logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs `body` with a cluster of its own (scripts/lib/postgres-cluster.sh), for a test that
    /// stops and starts its server; the cluster is removed afterwards.
    static func withOwnCluster(_ body: (_ location: PostgresStoreLocation) async throws -> Void) async throws {
        let url = try await cluster("start")
        do {
            try await body(try PostgresStoreLocation(url: url, environment: [:]))
        } catch {
            _ = try? await cluster("stop", url)
            throw error
        }
        _ = try await cluster("stop", url)
    }

    /// Runs scripts/lib/postgres-cluster.sh with `arguments`; returns what it printed.
    /// - Throws: its standard error, when it fails.
    ///
    /// Waited for on a thread of its own: `initdb` takes seconds, and a blocking wait on one of the
    /// two threads of Swift's cooperative pool (on a 2-core machine) starved the tests running
    /// beside it until their own waits timed out.
    @discardableResult
    static func cluster(_ arguments: String...) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runCluster(arguments) })
            }
        }
    }

    /// Spawned and waited for with posix_spawn and waitpid: Foundation's `Process.waitUntilExit()`
    /// was seen to wait for good after this script (whose server outlives it) had ended.
    private static func runCluster(_ arguments: [String]) throws -> String {
        let script = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "../../../scripts/lib/postgres-cluster.sh"
        ).standardizedFileURL.path
        let output = FileManager.default.temporaryDirectory.appending(path: "flowhost-cluster-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(atPath: output.path + ".errors")
        }
        let command = "\"$0\" \"$@\" > '\(output.path)' 2> '\(output.path).errors'"
        let argv = ["/bin/bash", "-c", command, script] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", nil, nil, &cArguments, environ) == 0 else {
            throw ClusterFailure(message: "cannot run \(script)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let printed = ((try? String(contentsOf: output, encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0 else {
            let errors = (try? String(contentsOfFile: output.path + ".errors", encoding: .utf8)) ?? ""
            throw ClusterFailure(message: "postgres-cluster.sh \(arguments.joined(separator: " ")): \(errors)")
        }
        return printed
    }

    /// What scripts/lib/postgres-cluster.sh said when it failed.
    struct ClusterFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Runs `sql` on a connection of its own in `schema` (nil: the default one) of the test server
    /// (or of `location`), and returns its rows: what is at rest, as any client of the database
    /// reads it.
    static func query(
        _ sql: String, schema: String?, location: PostgresStoreLocation? = nil
    ) async throws -> [PostgresRow] {
        let logger = Logger(label: "flowhost.test.postgres")
        let connection = try await PostgresConnection.connect(
            configuration: try (location ?? self.location()).connectionConfiguration(schema: schema), id: 1,
            logger: logger)
        do {
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect()
            try await connection.close()
            return rows
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
