import PostgresNIO

/// What postgres-nio's errors say, for messages: its `PSQLError` describes itself only generically
/// (so that no query leaks into a log), but the server's message or the connection's error is what
/// a user can act on.
enum PostgresFailure {
    /// The server's message (with its SQLSTATE), the connection's error, or the error's code.
    static func reason(of error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            return message + (error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? "")
        }
        if let underlying = error.underlying { return "\(underlying)" }
        return error.code.description
    }
}
