import FlowHostApp
import Foundation
import HTMLPresenter

/// Click paths as a store at rest keeps them: JSON text with the values of secret fields sealed
/// (``SecretSealer``), read back whole (decrypted) or for figures (secret values left out, not
/// decrypted). One way for every store that keeps text, so that what one writes another reads.
package struct SealedClickPaths: Sendable {
    private let sealer: SecretSealer
    /// The store's file or database, as errors name it.
    package let source: String

    /// Texts sealed with `sealer`, for the store at `source`.
    package init(sealer: SecretSealer, source: String) {
        self.sealer = sealer
        self.source = source
    }

    // MARK: - Writing

    /// `entry` as the store keeps it.
    package func text(of entry: ClickPath.Entry) throws -> String {
        try sealer.seal(entry).json
    }

    /// `path` as the store keeps it.
    package func text(of path: ClickPath) throws -> String {
        String(decoding: try JSONEncoder().encode(try sealer.seal(path)), as: UTF8.self)
    }

    // MARK: - Reading

    /// The entry kept as `text`, its secret values decrypted.
    /// - Throws: ``ClickPathStoreError/undecodable(file:reason:)``.
    package func entry(_ text: String) throws -> ClickPath.Entry {
        try opened { try sealer.open(try decode(ClickPath.Entry.self, from: text)) }
    }

    /// The path kept as `text`, its secret values decrypted.
    /// - Throws: ``ClickPathStoreError/undecodable(file:reason:)``.
    package func path(_ text: String) throws -> ClickPath {
        try opened { try sealer.open(try decode(ClickPath.self, from: text)) }
    }

    /// The entries of the path kept as `text`, secret values left empty, not decrypted.
    package func entriesForFigures(ofPath text: String) throws -> [ClickPath.Entry] {
        try decode(ClickPath.self, from: text).entries.map(\.secretValuesLeftOut)
    }

    /// The entries kept as `texts` (those of many sessions), secret values left empty, not
    /// decrypted: what figures read. An entry stored the same by many sessions (the same button) is
    /// decoded once, and the others on all processors: decoding, not reading, is most of the time
    /// of the figures (`Benchmarks/traffic.sh`).
    package func entriesForFigures(_ texts: [String]) async throws -> [ClickPath.Entry] {
        var distinct: [String: Int] = [:]
        var unique: [String] = []
        let indices = texts.map { stored in
            let text = Self.secretValuesLeftOut(ofStored: stored)
            if let index = distinct[text] { return index }
            distinct[text] = unique.count
            unique.append(text)
            return unique.count - 1
        }
        let decoded = try await decodeForFigures(unique)
        return indices.map { decoded[$0] }
    }

    /// The stored entry `text` with the value of each secret field left empty, as text. A sealed
    /// value is random (its nonce) and appended anew with every sign-in, so no two stored sign-ins
    /// are the same text; without it, the same typed email signing in is one text, decoded once.
    /// A field is an object without nested ones (`{"name":..,"value":..,"secret":true}`, keys in any
    /// order), and a sealed value is base64, with no quote or backslash escape but `\/`.
    package static func secretValuesLeftOut(ofStored text: String) -> String {
        let marker = Array(#""secret":true"#.utf8)
        let valueKey = Array(#""value":""#.utf8)
        var bytes = Array(text.utf8)
        guard bytes.count >= marker.count else { return text }
        var index = 0
        var changed = false
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) else {
                index += 1
                continue
            }
            guard let open = bytes[..<index].lastIndex(of: UInt8(ascii: "{")),
                let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
                let key = bytes[open..<close].firstRange(of: valueKey),
                let end = bytes[key.upperBound..<close].firstIndex(of: UInt8(ascii: "\""))
            else { return text }
            bytes.removeSubrange(key.upperBound..<end)
            changed = true
            index = open + 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") { index += 1 }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// The entries `texts`, secret values left out, decoded in as many tasks as there are
    /// processors.
    private func decodeForFigures(_ texts: [String]) async throws -> [ClickPath.Entry] {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        let chunk = max(1, (texts.count + processors - 1) / processors)
        return try await withThrowingTaskGroup(of: (Int, [ClickPath.Entry]).self) { group in
            for start in stride(from: 0, to: texts.count, by: chunk) {
                let part = texts[start..<min(start + chunk, texts.count)]
                group.addTask {
                    let decoder = JSONDecoder()
                    return (
                        start,
                        try part.map {
                            try self.decode(ClickPath.Entry.self, from: $0, with: decoder).secretValuesLeftOut
                        }
                    )
                }
            }
            var entries = [ClickPath.Entry](repeating: .liveMove, count: texts.count)
            for try await (start, part) in group {
                entries.replaceSubrange(start..<start + part.count, with: part)
            }
            return entries
        }
    }

    // MARK: - A tester's copy, with its labels

    /// A tester's path copy as the store keeps it: the path's own JSON (`{"entries": [...]}`),
    /// plus `labels` when some entry has one. A copy written before labels were kept has none, and
    /// every reader of a path (figures, an older FlowHost) passes over the key.
    private struct LabelledPath: Codable {
        var entries: [ClickPath.Entry]
        var labels: [String?]?
    }

    /// `path` as the store keeps a tester's copy, with `labels`, the label of each entry (nil for
    /// none).
    package func text(of path: ClickPath, labels: [String?]) throws -> String {
        let kept = LabelledPath(
            entries: try sealer.seal(path).entries, labels: labels.contains { $0 != nil } ? labels : nil)
        return String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
    }

    /// The tester's copy kept as `text`, its secret values decrypted, with the label of each
    /// entry: none for a copy written before labels were kept.
    /// - Throws: ``ClickPathStoreError/undecodable(file:reason:)``.
    package func labelledPath(_ text: String) throws -> (path: ClickPath, labels: [String?]) {
        let kept = try decode(LabelledPath.self, from: text)
        return (try opened { try sealer.open(ClickPath(kept.entries)) }, kept.labels ?? [])
    }

    private func opened<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as SecretSealer.SealingError {
            throw ClickPathStoreError.undecodable(file: source, reason: error.reason)
        }
    }

    private func decode<Value: Decodable>(
        _ type: Value.Type, from text: String, with decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        do {
            return try decoder.decode(type, from: Data(text.utf8))
        } catch {
            throw ClickPathStoreError.undecodable(file: source, reason: "\(error)")
        }
    }
}
