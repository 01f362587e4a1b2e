/// Why a ``PostgresClickPathStore`` could not open: its URL, the server, or what the database holds.
/// Messages name the database by its URL without the password.
public enum PostgresStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `--store` URL cannot be read.
    case badURL(url: String, reason: String)
    /// The server cannot be reached, refuses the connection, or refuses the user or the database.
    case unreachable(database: String, reason: String)
    /// The database holds a FlowHost store this build cannot use (a newer FlowHost wrote it), or
    /// its schema cannot be made.
    case notAStore(database: String, reason: String)

    /// What went wrong and what to do, for the log.
    public var description: String {
        switch self {
        case .badURL(let url, let reason):
            "--store \(url) is no PostgreSQL URL (\(reason)): write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
                + " (the password may come from PGPASSWORD; ?sslmode=disable, prefer, require or verify-full)"
        case .unreachable(let database, let reason):
            "Cannot connect to the store's database \(database) (\(reason)): check that the server runs and takes"
                + " TCP connections there, the user and its password, and that the database exists"
                + " (createdb); or pass --store PATH or --store memory"
        case .notAStore(let database, let reason):
            "The database \(database) holds no FlowHost store this build can use (\(reason)): use another database,"
                + " or pass --store PATH or --store memory"
        }
    }
}
