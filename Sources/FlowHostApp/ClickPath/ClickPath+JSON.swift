import HTMLPresenter

extension ClickPath.Entry {
    /// The entry as JSON: the object `JSONEncoder` writes for it (`JSONDecoder` reads it back to
    /// the same entry), written directly. A store appends one per click, and `JSONEncoder`'s
    /// generic path was 3 % of the server's CPU on an action's round trip.
    ///
    /// ```swift
    /// let entry = ClickPath.Entry.deepLink("movies/3")
    /// let row = entry.json  // {"deepLink":{"_0":"movies/3"}}
    /// ```
    public var json: String {
        var json = ""
        json.reserveCapacity(128)
        switch self {
        case .action(let position, let fields):
            json += #"{"action":{"_0":"#
            Self.append(position, to: &json)
            json += #","fields":{"fields":["#
            for (index, field) in fields.fields.enumerated() {
                if index > 0 { json += "," }
                json += #"{"name":"#
                Self.append(string: field.name, to: &json)
                json += #","value":"#
                Self.append(string: field.value, to: &json)
                if field.isSecret { json += #","secret":true"# }
                json += "}"
            }
            json += "]}}}"
        case .reveal(let position):
            json += #"{"reveal":{"_0":"#
            Self.append(position, to: &json)
            json += "}}"
        case .deepLink(let path):
            json += #"{"deepLink":{"_0":"#
            Self.append(string: path, to: &json)
            json += "}}"
        case .liveMove:
            json += #"{"liveMove":{}}"#
        }
        return json
    }

    private static func append(_ position: ActionPosition, to json: inout String) {
        json += #"{"screen":"#
        append(position.screen, to: &json)
        json += #","index":\#(position.index)}"#
    }

    private static func append(_ position: ScreenPosition, to json: inout String) {
        json += #"{"layer":\#(position.layer),"path":["#
        for (index, step) in position.path.enumerated() {
            if index > 0 { json += "," }
            json += String(step)
        }
        json += "]"
        if let template = position.template {
            json += #","template":"#
            append(string: template, to: &json)
        }
        json += "}"
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as it is.
    private static func append(string: String, to json: inout String) {
        json += "\""
        var plainStart = string.unicodeScalars.startIndex
        for index in string.unicodeScalars.indices {
            let scalar = string.unicodeScalars[index]
            let escaped: String
            switch scalar {
            case "\"": escaped = "\\\""
            case "\\": escaped = "\\\\"
            case "\n": escaped = "\\n"
            case "\r": escaped = "\\r"
            case "\t": escaped = "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: continue
            }
            json.unicodeScalars.append(contentsOf: string.unicodeScalars[plainStart..<index])
            json += escaped
            plainStart = string.unicodeScalars.index(after: index)
        }
        json.unicodeScalars.append(contentsOf: string.unicodeScalars[plainStart...])
        json += "\""
    }
}
