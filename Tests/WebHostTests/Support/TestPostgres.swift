import FlowHostPostgres
import Foundation
import Logging
import PostgresNIO

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

    /// A store in a new schema of the test server.
    static func store(
        schema: String = newSchema(), maxSessions: Int = 100, maxEntriesPerSession: Int = 100, maxShares: Int = 100,
        environment: [String: String] = [:]
    ) async throws -> PostgresClickPathStore {
        try await PostgresClickPathStore.open(
            try location(), schema: schema, maxSessions: maxSessions, maxEntriesPerSession: maxEntriesPerSession,
            maxShares: maxShares, environment: environment)
    }

    /// Runs `sql` on a connection of its own in `schema` (nil: the default one), and returns its
    /// rows: what is at rest, as any client of the database reads it.
    static func query(_ sql: String, schema: String?) async throws -> [PostgresRow] {
        let logger = Logger(label: "flowhost.test.postgres")
        let connection = try await PostgresConnection.connect(
            configuration: try location().connectionConfiguration(schema: schema), id: 1, logger: logger)
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
