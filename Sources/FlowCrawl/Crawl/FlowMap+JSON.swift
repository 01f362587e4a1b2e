import Foundation

extension FlowMap {
    /// The map as JSON, keys sorted, one screen, segue, state, edge or entry per line (diffs read line by line):
    /// the same crawl gives the same bytes. With `traffic` (figures on this map's storyboard), each
    /// screen has `visits` and `exits` and each segue `visits` too.
    public func json(traffic: TrafficFigures? = nil) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let screens: [any Encodable] =
            traffic.map { traffic in
                zip(storyboard.screens, traffic.screens).map {
                    WithFigures(item: $0, visits: $1.visits, exits: $1.exits)
                }
            } ?? storyboard.screens
        let segues: [any Encodable] =
            traffic.map { traffic in
                zip(storyboard.segues, traffic.segues).map { WithFigures(item: $0, visits: $1, exits: nil) }
            } ?? storyboard.segues
        func lines(_ items: [any Encodable]) -> String {
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
            \(lines(screens))
            ],
            "segues": [
            \(lines(segues))
            ],
            "states": [
            \(lines(states))
            ]
            }

            """
        return Data(text.utf8)
    }

    /// An item of the storyboard with its traffic figures beside its own keys.
    private struct WithFigures<Item: Encodable>: Encodable {
        let item: Item
        let visits: Int
        let exits: Int?

        private enum CodingKeys: String, CodingKey {
            case visits, exits
        }

        func encode(to encoder: any Encoder) throws {
            try item.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(visits, forKey: .visits)
            try container.encodeIfPresent(exits, forKey: .exits)
        }
    }

    /// A map read back from `json()`.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(FlowMap.self, from: json)
    }
}
