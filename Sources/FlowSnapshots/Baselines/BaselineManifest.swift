import Foundation

/// What a baseline folder records beside its pictures, in `snapshots.json`: the Chromium and the
/// settings they were shot with, and for each picture the digest of what it was shot from (the
/// page's HTML and every file it loaded), so that a state whose page and files are unchanged is
/// not shot again.
struct BaselineManifest: Codable, Equatable {
    /// One picture's record.
    struct Entry: Codable, Equatable {
        /// SHA-256 of the settings, the page's HTML and each loaded file with its own digest.
        var digest: String
        /// The storyboard screen of its state, for a gone state's place in the report.
        var screen: String
        /// The state's title.
        var title: String
        /// The files the page loaded, relative to the page (`flowhost/flowhost.css`, `public/...`).
        var assets: [String]
    }

    /// The format of this file.
    var format = 1
    /// The Chromium version the pictures were last shot with.
    var chromium: String
    /// The viewport, in CSS pixels.
    var width: Int
    /// See ``width``.
    var height: Int
    /// Device pixels per CSS pixel.
    var scale: Double
    /// Each picture's record, by its name (a state's ``FlowCrawl/FlowMap/State/snapshotName``,
    /// `.dark` after it for the dark colour scheme).
    var states: [String: Entry]

    /// The file's bytes: keys sorted, one per line, so that a change reads well in review.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
