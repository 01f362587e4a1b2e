import Foundation

/// `report.json`, for other tools: `{"chromium": "...", "states": [{"state": "<name>", "screen":
/// "<storyboard screen id>", "status": "same|changed|new|gone|failed", "differentPixels": n,
/// "expected": "<png path>", "actual": "...", "diff": "..."}]}`, keys in that order, one state a
/// line, in the report's order (changed first). A path is relative to the report's folder for a
/// picture in it, else absolute (a same state's baseline); `null` where there is none, and for
/// `differentPixels` where nothing was compared (new, gone, failed). A failed state also has
/// `"problem"`, why.
enum ReportJSON {
    /// The file's text for `run`, paths written relative to `folder` where they are inside it.
    static func text(_ run: SnapshotRun, folder: URL) -> String {
        let base = folder.standardizedFileURL.path(percentEncoded: false)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        func path(_ url: URL?) -> String {
            guard let url else { return "null" }
            let path = url.standardizedFileURL.path(percentEncoded: false)
            return quoted(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
        let states = run.states.map { state in
            var fields = [
                "\"state\": \(quoted(state.name))", "\"screen\": \(quoted(state.screen))",
                "\"status\": \(quoted(state.status.rawValue))",
                "\"differentPixels\": \(state.differentPixels.map(String.init) ?? "null")",
                "\"expected\": \(path(state.expected))", "\"actual\": \(path(state.actual))",
                "\"diff\": \(path(state.diff))",
            ]
            if let problem = state.problem { fields.append("\"problem\": \(quoted(problem))") }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return "{\n  \"chromium\": \(quoted(run.chromium)),\n  \"states\": [\n" + states.joined(separator: ",\n")
            + (states.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
