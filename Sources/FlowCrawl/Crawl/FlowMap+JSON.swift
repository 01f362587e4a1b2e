import Foundation

extension FlowMap {
    /// The map as JSON, keys sorted, one screen, segue, state, edge or entry per line (diffs read line by line):
    /// the same crawl gives the same bytes.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func lines<Item: Encodable>(_ items: [Item]) -> String {
            // Plain values only: encoding cannot fail.
            items.map { "  " + String(decoding: (try? encoder.encode($0)) ?? Data(), as: UTF8.self) }
                .joined(separator: ",\n")
        }
        let text = """
            {
            "edges": [
            \(lines(edges))
            ],
            "entries": [
            \(lines(entries))
            ],
            "screens": [
            \(lines(storyboard.screens))
            ],
            "segues": [
            \(lines(storyboard.segues))
            ],
            "states": [
            \(lines(states))
            ]
            }

            """
        return Data(text.utf8)
    }

    /// A map read back from ``json()``.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(FlowMap.self, from: json)
    }
}
