import ArgumentParser

/// Durations on the command line: `90s`, `30m`, `2h` (a bare number is seconds).
enum DurationArgument {
    /// `duration` as the shortest of `2h`, `30m`, `90s` that is exact.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds % 3600 == 0 ? "\(seconds / 3600)h" : seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
    }

    /// Reads `90s`, `30m`, `2h` or `90`; anything else is a validation error that says how to write it.
    static func parse(_ text: String) throws -> Duration {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600]
        let unit = text.last.flatMap { units[$0] }
        guard let value = Int64(unit == nil ? text : String(text.dropLast())), value > 0 else {
            throw ValidationError("'\(text)' is not a duration: write 90s, 30m or 2h.")
        }
        return .seconds(value * (unit ?? 1))
    }
}
