import Logging

/// A ``ClickPathStore`` that `--store` can name: a word (`memory`), a URL scheme
/// (`postgres://`), a file path. `flowhost serve` asks each such store type in turn whether the
/// name is its own and opens it with the first that says yes; a new store is one module whose
/// store type conforms, and one line in that list.
public protocol OpenableClickPathStore: ClickPathStore {
    /// Whether `name` (the value of `--store`, `FLOWHOST_STORE` or `DATABASE_URL`) names a store
    /// of this type.
    static func opens(_ name: String) -> Bool

    /// Opens the store `name` names, bounded by `limits`, before anything is served: it reads or
    /// makes what it needs (a file, a schema, a key from `environment`), and logs to `logger`
    /// what it did in place of what was asked (a file moved aside).
    /// - Returns: the store to serve with; one that cannot be used for a reason that should not stop
    ///   the server may give another (the SQLite store gives a memory store for a file it cannot open).
    /// - Throws: why the store cannot be used; the server does not start, and says why.
    static func open(
        named name: String, limits: ClickPathStoreLimits, environment: [String: String], logger: Logger
    ) async throws -> any ClickPathStore
}
