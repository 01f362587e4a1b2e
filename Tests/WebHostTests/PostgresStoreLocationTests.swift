import FlowHostPostgres
import Testing

/// `--store postgres://...` read as libpq reads it, and refused with a message when it cannot be.
@Suite("PostgreSQL store URLs")
struct PostgresStoreLocationTests {
    @Test("a full URL gives its user, password, host, port, database and sslmode; the message hides the password")
    func fullURL() throws {
        let location = try PostgresStoreLocation(
            url: "postgresql://demo:s%40same@db.example.com:6543/prototypes?sslmode=require", environment: [:])

        #expect(location.user == "demo")
        #expect(location.password == "s@same")
        #expect(location.host == "db.example.com")
        #expect(location.port == 6543)
        #expect(location.database == "prototypes")
        #expect(location.tls == .require)
        #expect("\(location)" == "postgres://demo@db.example.com:6543/prototypes")
    }

    @Test("the port is 5432, sslmode prefer and the password PGPASSWORD's unless the URL gives them")
    func defaults() throws {
        let location = try PostgresStoreLocation(
            url: "postgres://demo@[::1]/prototypes", environment: ["PGPASSWORD": "from-env"])

        #expect(location.host == "::1")
        #expect(location.port == 5432)
        #expect(location.tls == .prefer)
        #expect(location.password == "from-env")
        #expect("\(location)" == "postgres://demo@[::1]:5432/prototypes")
        #expect(try PostgresStoreLocation(url: "postgres://demo@h/db", environment: [:]).password == nil)
    }

    @Test(
        "a URL without user, host or database, or with another parameter, is refused naming what is missing",
        arguments: [
            ("postgres://db.example.com/prototypes", "no user before the @"),
            ("postgres://demo:pw@/prototypes", "no host"),
            ("postgres://demo:pw@db.example.com", "no database after the host: /DATABASE"),
            (
                "postgres://demo:pw@db.example.com/p?sslmode=maybe",
                "sslmode is one of disable, prefer, require, verify-full"
            ),
            ("postgres://demo:pw@db.example.com/p?connect_timeout=3", "unknown parameter connect_timeout"),
        ])
    func refused(url: String, reason: String) throws {
        let error = try #require(throws: PostgresStoreError.self) {
            try PostgresStoreLocation(url: url, environment: [:])
        }
        guard case .badURL(let shown, let given) = error else {
            Issue.record("expected badURL, got \(error)")
            return
        }
        #expect(given == reason)
        #expect(!shown.contains("pw"), "the password is not shown")
        #expect(error.description.contains("postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"))
    }

    @Test("only postgres:// and postgresql:// name a database; a path or memory does not")
    func isURL() {
        #expect(PostgresStoreLocation.isURL("postgres://a@b/c"))
        #expect(PostgresStoreLocation.isURL("postgresql://a@b/c"))
        #expect(!PostgresStoreLocation.isURL(".flowhost/flowhost.sqlite"))
        #expect(!PostgresStoreLocation.isURL("memory"))
    }
}
