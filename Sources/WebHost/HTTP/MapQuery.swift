import Foundation

/// What `/_flowhost/map` and `/_flowhost/map.json` are asked in their query: the sessions used
/// `since` a time, and a funnel's two screens (`from`, `to`, by screen id). All optional; an empty
/// value is no value (the map's form sends them all).
struct MapQuery {
    /// Why a query was refused: a message for the person who wrote it.
    struct Problem: Error, Equatable {
        let message: String
    }

    /// The sessions counted are those used at or after this time; nil for all.
    var since: Date?
    /// `since` as it was written, for the form.
    var sinceText = ""
    /// The funnel's first and second screen ids; both or neither.
    var funnel: (from: String, to: String)?

    /// The query `query` (a URL's, percent-encoded, `+` for a space).
    /// - Throws: ``Problem`` for a parameter it does not know, a `since` that is no time, or a
    ///   funnel with one screen only.
    init(_ query: String?) throws(Problem) {
        var values: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decoded(parts[0])
            guard ["since", "from", "to"].contains(name) else {
                throw Problem(message: "The map takes since, from and to; '\(name)' is none of them.")
            }
            guard values[name] == nil else { throw Problem(message: "'\(name)' is given twice.") }
            values[name] = parts.count > 1 ? Self.decoded(parts[1]) : ""
        }
        sinceText = values["since", default: ""].trimmingCharacters(in: .whitespaces)
        if !sinceText.isEmpty {
            guard let date = Self.date(sinceText) else {
                throw Problem(
                    message: "since: '\(sinceText)' is not a time. Write it as 2026-05-01T09:30 (UTC), 2026-05-01,"
                        + " or 2026-05-01T09:30:00+02:00.")
            }
            since = date
        }
        switch (values["from", default: ""], values["to", default: ""]) {
        case ("", ""): funnel = nil
        case ("", _), (_, ""):
            throw Problem(message: "A funnel needs two screens: give both from and to, or neither.")
        case (let from, let to): funnel = (from, to)
        }
    }

    /// `text` percent-decoded, `+` read as a space (a form's encoding); as it is when malformed.
    private static func decoded(_ text: Substring) -> String {
        let spaced = String(text).replacing("+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// The time `text` names: an ISO 8601 date, or date and time (to the minute or the second,
    /// in UTC unless it names its offset), as a `datetime-local` field sends it.
    private static func date(_ text: String) -> Date? {
        var text = text
        if text.count == 10 { text += "T00:00" }
        let time = text.split(separator: "T", maxSplits: 1).last ?? ""
        let hasOffset = time.hasSuffix("Z") || time.contains("+") || time.contains("-")
        if !hasOffset {
            if time.count == 5 { text += ":00" }
            text += "Z"
        }
        return try? Date(text, strategy: .iso8601)
    }
}
