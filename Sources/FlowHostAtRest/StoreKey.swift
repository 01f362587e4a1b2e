import Crypto
import FlowHostApp
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key that encrypts a store's secret values at rest (AES-256-GCM): 32 random bytes, written in
/// base64. It comes from the environment variable `FLOWHOST_STORE_KEY` when that is set (so that a
/// copy of the store holds no key), else from the store: for a SQLite store the key file beside it
/// (`<store>.key`), which is created, mode `0600`, on first use; for a PostgreSQL store a row of its
/// database, so that every process reads the same.
package enum StoreKey {
    /// The environment variable that gives the key.
    package static let environmentVariable = "FLOWHOST_STORE_KEY"

    /// The key for the store at `storePath`: the environment's, or its key file's (created when
    /// missing, made `0600` when it was not).
    /// - Throws: ``ClickPathStoreError/unusableKey(source:reason:)`` for a key that is not 32
    ///   bytes of base64, or a key file that cannot be read or created.
    package static func load(forStoreAt storePath: String, environment: [String: String]) throws -> SymmetricKey {
        if let key = try fromEnvironment(environment) { return key }
        let file = storePath + ".key"
        if let created = try createKeyFile(file) { return created }
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        } catch {
            throw ClickPathStoreError.unusableKey(source: file, reason: "cannot read it: \(error.localizedDescription)")
        }
        return try key(from: text, source: file)
    }

    /// The key for the existing store at `storePath`, for a reader that changes nothing: the
    /// environment's, or its key file's, which is neither created nor changed.
    /// - Throws: ``ClickPathStoreError/unusableKey(source:reason:)`` when there is no key file,
    ///   or the key is not 32 bytes of base64.
    package static func loadExisting(forStoreAt storePath: String, environment: [String: String]) throws
        -> SymmetricKey
    {
        if let key = try fromEnvironment(environment) { return key }
        let file = storePath + ".key"
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            let reason =
                FileManager.default.fileExists(atPath: file)
                ? "cannot read it: \(error.localizedDescription)"
                : "there is none and \(environmentVariable) is not set; reading makes none"
            throw ClickPathStoreError.unusableKey(source: file, reason: reason)
        }
        return try key(from: text, source: file)
    }

    /// A new key written to `file`, created with mode `0600` only if it does not exist (two
    /// processes starting at once agree on one key); nil when the file exists.
    private static func createKeyFile(_ file: String) throws -> SymmetricKey? {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return nil }
            throw ClickPathStoreError.unusableKey(
                source: file, reason: "cannot create it: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let key = SymmetricKey(size: .bits256)
        let text = text(of: key) + "\n"
        let written = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        guard written == text.utf8.count else {
            unlink(file)
            throw ClickPathStoreError.unusableKey(
                source: file, reason: "cannot write it: \(String(cString: strerror(errno)))")
        }
        return key
    }

    /// The key that signs action tokens, derived from the store key (HKDF-SHA256): every process
    /// opening the store with the same key signs alike, and a token key that leaks gives away no
    /// secret value.
    package static func tokenKey(derivedFrom storeKey: SymmetricKey) -> [UInt8] {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: storeKey, info: Array("flowhost action tokens".utf8), outputByteCount: 32
        ).withUnsafeBytes { Array($0) }
    }

    /// The key the environment gives, or nil when `FLOWHOST_STORE_KEY` is not set.
    /// - Throws: ``ClickPathStoreError/unusableKey(source:reason:)`` for one that is not 32 bytes
    ///   of base64.
    package static func fromEnvironment(_ environment: [String: String]) throws -> SymmetricKey? {
        try environment[environmentVariable].map { try key(from: $0, source: environmentVariable) }
    }

    /// `key` written as a store keeps it: base64.
    package static func text(of key: SymmetricKey) -> String {
        key.withUnsafeBytes { Data($0).base64EncodedString() }
    }

    /// The key `text` gives (32 bytes in base64, white space around it ignored); `source` names
    /// where it came from, for the error.
    /// - Throws: ``ClickPathStoreError/unusableKey(source:reason:)`` for one that is not.
    package static func key(from text: String, source: String) throws -> SymmetricKey {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count == 32
        else {
            throw ClickPathStoreError.unusableKey(source: source, reason: "it is not 32 bytes written in base64")
        }
        return SymmetricKey(data: bytes)
    }
}
