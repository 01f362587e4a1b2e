import NIOSSL
import PostgresNIO

extension PostgresStoreLocation {
    /// The pool's configuration: this location, its TLS, at most `maxConnections` connections,
    /// `schema` (when given) as the connections' `search_path`, and `statementTimeout` as theirs:
    /// a statement the store stopped waiting for is cancelled by the server then, not committed
    /// later (one waiting for a lock another client holds, say). `readOnly` makes every
    /// transaction read-only (`default_transaction_read_only`), for a reader that changes nothing.
    package func clientConfiguration(
        schema: String?, maxConnections: Int, statementTimeout: Duration, readOnly: Bool = false
    ) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(Self.uncheckedTLS)
            case .require: .require(Self.uncheckedTLS)
            case .verifyFull: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        let milliseconds =
            statementTimeout.components.seconds * 1000 + statementTimeout.components.attoseconds / 1_000_000_000_000_000
        configuration.options.additionalStartupParameters =
            startupParameters(schema: schema) + [("statement_timeout", "\(max(1, milliseconds))")]
            + (readOnly ? [("default_transaction_read_only", "on")] : [])
        configuration.options.maximumConnections = maxConnections
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    /// The configuration of a connection of its own (the schema's migration, the LISTEN
    /// connection), like the pool's, named `applicationName` on the server.
    package func connectionConfiguration(
        schema: String?, applicationName: String = PostgresClickPathStore.applicationName
    ) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: Self.uncheckedTLS))
            case .require: .require(try NIOSSLContext(configuration: Self.uncheckedTLS))
            case .verifyFull: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.additionalStartupParameters = startupParameters(
            schema: schema, applicationName: applicationName)
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    /// libpq's `prefer` and `require`: encrypted, the certificate not checked.
    private static var uncheckedTLS: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    /// The name the server lists the connections under (`pg_stat_activity`), and the schema.
    private func startupParameters(
        schema: String?, applicationName: String = PostgresClickPathStore.applicationName
    ) -> [(String, String)] {
        [("application_name", applicationName)] + (schema.map { [("search_path", $0)] } ?? [])
    }
}
