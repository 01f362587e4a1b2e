import Crypto
import FlowHostApp
import Foundation
import HTMLPresenter

/// Encrypts the values of secret fields (``FormFields/Field/isSecret``) in click paths for a store
/// at rest, and decrypts them back: AES-256-GCM, a random nonce per value, the field's name as
/// authenticated data (a value cannot be moved to another field unnoticed); stored as base64 of
/// nonce, ciphertext and tag in place of the value. Other values are kept as they are.
package struct SecretSealer: Sendable {
    private let key: SymmetricKey

    package init(key: SymmetricKey) {
        self.key = key
    }

    /// `entry` with its secret values encrypted.
    package func seal(_ entry: ClickPath.Entry) throws -> ClickPath.Entry {
        try mapSecrets(entry) { field in
            guard
                let combined = try AES.GCM.seal(
                    Data(field.value.utf8), using: key, authenticating: Data(field.name.utf8)
                )
                .combined
            else { throw SealingError(reason: "no combined form") }
            return combined.base64EncodedString()
        }
    }

    /// `entry` with its secret values decrypted.
    /// - Throws: ``SealingError`` for a value that is not one this key sealed.
    package func open(_ entry: ClickPath.Entry) throws -> ClickPath.Entry {
        try mapSecrets(entry) { field in
            guard let combined = Data(base64Encoded: field.value) else {
                throw SealingError(reason: "a secret value of field '\(field.name)' is not encrypted")
            }
            do {
                let box = try AES.GCM.SealedBox(combined: combined)
                let plain = try AES.GCM.open(box, using: key, authenticating: Data(field.name.utf8))
                return String(decoding: plain, as: UTF8.self)
            } catch {
                throw SealingError(
                    reason: "a secret value of field '\(field.name)' does not decrypt with this key: the store was"
                        + " written with another FLOWHOST_STORE_KEY or key file")
            }
        }
    }

    /// `path` with its secret values encrypted.
    package func seal(_ path: ClickPath) throws -> ClickPath {
        ClickPath(try path.entries.map(seal))
    }

    /// `path` with its secret values decrypted.
    package func open(_ path: ClickPath) throws -> ClickPath {
        ClickPath(try path.entries.map(open))
    }

    private func mapSecrets(
        _ entry: ClickPath.Entry, _ transform: (FormFields.Field) throws -> String
    ) throws -> ClickPath.Entry {
        guard case .action(let position, let fields) = entry, fields.hasSecrets else { return entry }
        return .action(
            position,
            fields: FormFields(
                try fields.fields.map { field in
                    field.isSecret
                        ? FormFields.Field(name: field.name, value: try transform(field), isSecret: true) : field
                }))
    }

    /// Why a value could not be encrypted or decrypted.
    package struct SealingError: Error, CustomStringConvertible {
        package let reason: String
        package var description: String { reason }
    }
}
