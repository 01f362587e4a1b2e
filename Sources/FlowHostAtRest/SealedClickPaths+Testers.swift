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
