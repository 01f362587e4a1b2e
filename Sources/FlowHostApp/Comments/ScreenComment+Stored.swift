import Foundation
import HTMLPresenter

/// A comment as a store at rest keeps it: what never changes after it is written as one JSON text,
/// its thread as another (a reply is appended to it), beside columns of their own for the id,
/// the time (the order), the author's session, the path (sealed), whether it is resolved and where
/// its path stopped. One way for every store that keeps text, so that what one writes another reads.
extension ScreenComment {
    /// The fields that never change after the comment is written.
    private struct Fields: Codable {
        var screen: String
        var point: Point?
        var actionLabel: String?
        var author: String
        var text: String
        var created: Date
    }

    /// The fields that never change after it is written, as JSON.
    package var storedFields: String {
        let fields = Fields(
            screen: screen, point: point, actionLabel: actionLabel, author: author, text: text, created: created)
        // Strings, numbers and a date: encoding them cannot fail.
        return String(decoding: (try? JSONEncoder().encode(fields)) ?? Data(), as: UTF8.self)
    }

    /// `replies` as JSON (a store appends one to it).
    package static func storedReplies(_ replies: [Reply]) -> String {
        String(decoding: (try? JSONEncoder().encode(replies)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// The thread a store kept as `text` (``storedReplies(_:)``) for the comment `id`.
    /// - Throws: ``ClickPathStoreError/undecodable(file:reason:)`` naming `source`.
    package static func replies(stored text: String, ofComment id: String, source: String) throws -> [Reply] {
        do {
            return try JSONDecoder().decode([Reply].self, from: Data(text.utf8))
        } catch {
            throw ClickPathStoreError.undecodable(file: source, reason: "comment \(id): \(error)")
        }
    }

    /// The comment a store kept as these columns.
    /// - Throws: ``ClickPathStoreError/undecodable(file:reason:)`` naming `source` for a text this
    ///   FlowHost cannot read.
    package init(
        id: String, path: ClickPath, storedFields: String, storedReplies: String, isResolved: Bool,
        outdatedAt: String?, isAuthor: Bool, source: String
    ) throws {
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(storedFields.utf8))
        } catch {
            throw ClickPathStoreError.undecodable(file: source, reason: "comment \(id): \(error)")
        }
        let replies = try Self.replies(stored: storedReplies, ofComment: id, source: source)
        self.init(
            id: id, path: path, screen: fields.screen, point: fields.point, actionLabel: fields.actionLabel,
            author: fields.author, text: fields.text, created: fields.created, replies: replies,
            isResolved: isResolved, reach: outdatedAt.map { .outdated(stoppedAt: $0) } ?? .current,
            isAuthor: isAuthor)
    }

    /// Where its path stopped when it is outdated, as the store's column keeps it (nil: current).
    package var storedOutdatedAt: String? { reach.storedOutdatedAt }
}

extension ScreenComment.Reach {
    /// Where the path stopped when outdated, as a store's column keeps it (nil: current).
    package var storedOutdatedAt: String? {
        guard case .outdated(let stoppedAt) = self else { return nil }
        return stoppedAt
    }
}
