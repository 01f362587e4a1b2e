import ArgumentParser

/// Durations on the command line: `90s`, `30m`, `2h`, `30d` (a bare number is seconds).
enum DurationArgument {
    /// `duration` as the shortest of `30d`, `2h`, `30m`, `90s` that is exact.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        for (unit, length) in [("d", Int64(86400)), ("h", 3600), ("m", 60)] where seconds % length == 0 {
            return "\(seconds / length)\(unit)"
        }
        return "\(seconds)s"
    }

    /// Reads `90s`, `30m`, `2h`, `30d` or `90`; anything else is a validation error that says how to
    /// write it.
    static func parse(_ text: String) throws -> Duration {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        let unit = text.last.flatMap { units[$0] }
        guard let value = Int64(unit == nil ? text : String(text.dropLast())), value > 0,
            case let (seconds, overflow) = value.multipliedReportingOverflow(by: unit ?? 1), !overflow
        else {
            throw ValidationError("'\(text)' is not a duration: write 90s, 30m, 2h or 30d.")
        }
        return .seconds(seconds)
    }
}
