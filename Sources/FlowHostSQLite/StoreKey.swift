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
/// copy of the store's folder holds no key), else from the key file beside the store
/// (`<store>.key`), which is created, mode `0600`, on first use.
enum StoreKey {
    /// The environment variable that gives the key.
    static let environmentVariable = "FLOWHOST_STORE_KEY"

    /// The key for the store at `storePath`: the environment's, or its key file's (created when
    /// missing, made `0600` when it was not).
    /// - Throws: ``ClickPathStoreError/unusableKey(source:reason:)`` for a key that is not 32
    ///   bytes of base64, or a key file that cannot be read or created.
    static func load(forStoreAt storePath: String, environment: [String: String]) throws -> SymmetricKey {
        if let text = environment[environmentVariable] {
            return try key(from: text, source: environmentVariable)
        }
        let file = storePath + ".key"
        if let created = try createKeyFile(file) { return created }
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
            try StoreFiles.restrict(file)
        } catch {
            throw ClickPathStoreError.unusableKey(source: file, reason: "cannot read it: \(error.localizedDescription)")
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
        let text = key.withUnsafeBytes { Data($0).base64EncodedString() } + "\n"
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
    static func tokenKey(derivedFrom storeKey: SymmetricKey) -> [UInt8] {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: storeKey, info: Array("flowhost action tokens".utf8), outputByteCount: 32
        ).withUnsafeBytes { Array($0) }
    }

    private static func key(from text: String, source: String) throws -> SymmetricKey {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count == 32
        else {
            throw ClickPathStoreError.unusableKey(source: source, reason: "it is not 32 bytes written in base64")
        }
        return SymmetricKey(data: bytes)
    }
}
