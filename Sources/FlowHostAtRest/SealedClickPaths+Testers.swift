import FlowHostApp
import Foundation
import HTMLPresenter

/// A study's testers for its results (`ClickPathStore.testersForFigures(ofStudy:)`), the same in
/// every store at rest.
extension SealedClickPaths {
    /// One tester as a store read them for figures: when they started (seconds since 1970, as the
    /// stores keep it), their events (``StudyEventColumns``) and the stored texts of their path
    /// copy's entries, in order.
    package struct TesterTexts: Sendable {
        /// When they started, seconds since 1970.
        package var started: Double
        /// Their events, in order.
        package var events: [StudyEvent] = []
        /// Their path copy's entries as stored (secret values sealed).
        package var entries: [String] = []
        /// When their session last stored a click, seconds since 1970, while the store keeps it
        /// (`StudyTester.lastClick`).
        package var lastClick: Double?

        /// A tester who started at `started`, their session last used at `lastClick`, with no
        /// events or entries read yet.
        package init(started: Double, lastClick: Double? = nil) {
            self.started = started
            self.lastClick = lastClick
        }
    }

    /// One tester as a store keeps them, read whole: their study, when they started and when
    /// their session last stored a click (seconds since 1970), their path copy as stored and their
    /// events as JSON, in order. What replays a tester reads (``tester(_:)``).
    package struct StoredTester: Sendable {
        /// Their study's id.
        package let study: String
        /// When they started, seconds since 1970.
        package let started: Double
        /// Their path copy as stored (secret values sealed, labels beside it).
        package let path: String
        /// When their session last stored a click, seconds since 1970, while the store keeps it.
        package let lastClick: Double?
        /// Their events as JSON, in order.
        package let events: [String]

        /// The tester of `study` these texts hold.
        package init(study: String, started: Double, path: String, lastClick: Double?, events: [String]) {
            (self.study, self.started, self.path, self.lastClick) = (study, started, path, lastClick)
            self.events = events
        }
    }

    /// The tester `stored` holds, their path copy's secret values decrypted.
    /// - Throws: ``ClickPathStoreError/undecodable(file:reason:)`` for a copy that does not decode,
    ///   or the decoder's error for an event.
    package func tester(_ stored: StoredTester) throws -> StudyTester {
        let decoder = JSONDecoder()
        let (path, labels) = try labelledPath(stored.path)
        return StudyTester(
            started: Date(timeIntervalSince1970: stored.started),
            events: try stored.events.map { try decoder.decode(StudyEvent.self, from: Data($0.utf8)) },
            path: path, lastClick: stored.lastClick.map(Date.init(timeIntervalSince1970:)), labels: labels)
    }

    /// `testers` with their path copies' entries decoded as ``entriesForFigures(_:)`` decodes a
    /// session's: secret values left empty and not decrypted, each distinct entry decoded once
    /// (testers of one study click the same buttons), on every processor.
    package func testersForFigures(_ testers: [TesterTexts]) async throws -> [StudyTester] {
        let entries = try await entriesForFigures(testers.flatMap(\.entries))
        var next = 0
        return testers.map { tester in
            let start = next
            next += tester.entries.count
            return StudyTester(
                started: Date(timeIntervalSince1970: tester.started), events: tester.events,
                path: ClickPath(Array(entries[start..<next])),
                lastClick: tester.lastClick.map(Date.init(timeIntervalSince1970:)))
        }
    }
}
