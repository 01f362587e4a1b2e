import FlowHostApp
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

    /// Whether `error` says the database cannot be reached now, rather than that a statement is
    /// wrong: no connection could be made or leased, a connection was lost, the server refuses
    /// connections for now (SQLSTATE class 08, and 57P01 to 57P03: shut down, crashed, starting),
    /// or it cancelled a statement that waited past the store's patience (57014).
    static func isUnreachable(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else {
            // The pool's own errors (no connection in time, the pool closed) and the socket's; not
            // the caller giving up.
            return !(error is ClickPathStoreError) && !(error is StudyRecordError) && !(error is PostgresDecodingError)
                && !(error is CancellationError)
        }
        guard error.code == .server else { return true }
        let state = error.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "57014"].contains(state)
    }
}
