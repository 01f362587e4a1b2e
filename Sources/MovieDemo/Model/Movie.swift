/// A movie of the bundled catalog.
struct Movie: Codable, Sendable, Identifiable, Equatable {
    let id: Int
    let title: String
    let year: Int
    let director: String
    /// Out of 10.
    let rating: Double
    /// The poster colour: a `.tint-*` class of the stylesheet.
    let tint: String
    /// Shown only when the profile's "Show restricted titles" is on.
    let restricted: Bool
    let summary: String
    /// Person ids, in billing order.
    let cast: [Int]

    /// Two letters for the poster: the first letters of the first two significant words
    /// (`scripts/make-posters` draws them by the same rule).
    var initials: String {
        let words = title.split(separator: " ").filter { !["The", "A", "Of", "of", "the"].contains($0) }
        return String(words.prefix(2).compactMap(\.first))
    }

    /// "1995 · Michael Mann".
    var subtitle: String { "\(year) · \(director)" }

    /// "★★★★☆ 8.3": the rating out of 10 as five stars.
    var stars: String {
        let filled = Int((rating / 2).rounded())
        return starRating(filled)
            + " \(rating.formatted1)"
    }
}

extension Double {
    /// One decimal: 8.3.
    var formatted1: String {
        let tenths = Int((self * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
