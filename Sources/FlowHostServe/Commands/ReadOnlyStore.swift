import ArgumentParser
import FlowHostApp
import FlowHostPostgres
import FlowHostSQLite
import Foundation
import Logging

/// The click path store `--store` names, opened to read what a server kept there: the one way
/// `study rerun` and `export --store` open it, with one set of messages and one exit status.
///
/// Unlike `serve`'s opening, it changes nothing: a SQLite file that is not there is not created
/// (nor its folder or key file), one that is no store is not moved aside, an older store is not
/// migrated, and nothing falls back to memory: a store that cannot be read stops the command
/// with exit status 69 (`EX_UNAVAILABLE`) and says why on standard error.
enum ReadOnlyStore {
    /// A store that cannot be read: the name and why, one line for standard error.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        /// The store's name, as given.
        let store: String
        /// Why it cannot be read, and what to do.
        let reason: String

        var description: String { "error: --store \(store): \(reason)" }
    }

    /// The exit status of a command whose store cannot be read.
    static let exitStatus: Int32 = 69

    /// The store `name` (a SQLite file or a `postgres://` URL) opened to read.
    /// - Throws: ``Refusal`` saying why it cannot be.
    static func open(_ name: String, environment: [String: String]) async throws(Refusal) -> any ClickPathStore {
        var logger = Logger(label: "flowhost")
        logger.logLevel = .warning
        do {
            if MemoryClickPathStore.opens(name) {
                throw Refusal(
                    store: name,
                    reason: "keeps nothing once its server stops: name the store the server kept (a SQLite file"
                        + " or a postgres:// URL)")
            }
            if PostgresClickPathStore.opens(name) {
                return try await openPostgres(name, environment: environment, logger: logger)
            }
            guard FileManager.default.fileExists(atPath: name) else {
                throw Refusal(store: name, reason: "no such file (reading makes none): name the store a server kept")
            }
            return try SQLiteClickPathStore(readingExistingStoreAt: name, environment: environment)
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(store: name, reason: reason(error))
        }
    }

    /// The PostgreSQL store the URL `name` names, opened to read; a refusal names it without its
    /// password.
    private static func openPostgres(_ name: String, environment: [String: String], logger: Logger)
        async throws(Refusal) -> any ClickPathStore
    {
        let location: PostgresStoreLocation
        do {
            location = try PostgresStoreLocation(url: name, environment: environment)
        } catch {
            let shown = if case PostgresStoreError.badURL(let url, _) = error { url } else { "a postgres:// URL" }
            throw Refusal(store: shown, reason: reason(error))
        }
        do {
            return try await PostgresClickPathStore.openReadOnly(location, environment: environment, logger: logger)
        } catch {
            throw Refusal(store: "\(location)", reason: reason(error))
        }
    }

    /// The store `name` opened to read; when it cannot be, the command ends with ``exitStatus``
    /// after saying why on standard error.
    static func openOrExit(_ name: String, environment: [String: String]) async throws -> any ClickPathStore {
        do {
            return try await open(name, environment: environment)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(exitStatus)
        }
    }

    /// What `body` reads from `store` (opened from `name`), the store running meanwhile; when the
    /// read fails, the command ends with ``exitStatus`` after saying why on standard error.
    static func read<Value: Sendable>(
        _ name: String, from store: any ClickPathStore,
        _ body: @escaping @Sendable (any ClickPathStore) async throws -> Value
    ) async throws -> Value {
        do {
            return try await whileRunning(store, body)
        } catch {
            let refusal = Refusal(store: shown(name), reason: "cannot be read (\(error))")
            FileHandle.standardError.write(Data((refusal.description + "\n").utf8))
            throw ExitCode(exitStatus)
        }
    }

    /// `name` as messages show it: a PostgreSQL URL without its password.
    static func shown(_ name: String) -> String {
        guard PostgresClickPathStore.opens(name) else { return name }
        return (try? PostgresStoreLocation(url: name, environment: [:])).map { "\($0)" } ?? "a postgres:// URL"
    }

    private static func whileRunning<Store: ClickPathStore, Value: Sendable>(
        _ store: Store, _ body: @escaping @Sendable (any ClickPathStore) async throws -> Value
    ) async throws -> Value {
        try await store.whileRunning { try await body($0) }
    }

    /// Why a store could not be opened, without serve's advice (`--store memory`), which does not
    /// apply to reading.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case ClickPathStoreError.notAStore(_, let reason): "no FlowHost store to read (\(reason))"
        case ClickPathStoreError.unreadable(_, let reason): "cannot be read (\(reason))"
        case ClickPathStoreError.unusableKey(let source, let reason):
            "no usable key for its secret values in \(source) (\(reason)); set FLOWHOST_STORE_KEY to the key its"
                + " server used"
        case PostgresStoreError.badURL(_, let reason):
            "no PostgreSQL URL (\(reason)): write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        case PostgresStoreError.unreachable(let database, let reason):
            "cannot connect to \(database) (\(reason))"
        case PostgresStoreError.notAStore(_, let reason): "no FlowHost store to read (\(reason))"
        default: String(describing: error)
        }
    }
}
