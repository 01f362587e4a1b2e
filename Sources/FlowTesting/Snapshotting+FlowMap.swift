import FlowCrawl
import Foundation
import SnapshotTesting

extension Snapshotting where Value == FlowMap, Format == String {
    /// A flow map as its JSON (`map --format json`), stored as `.json`; a difference is told as the
    /// states and edges that went or appeared, named by what a person sees and does (a title, a
    /// template, a click path), so that states numbered anew are no change.
    ///
    /// ```swift
    /// let map = try await Crawler(app: app).crawl().map
    /// assertSnapshot(of: map, as: .flowMap)
    /// ```
    public static var flowMap: Snapshotting<FlowMap, String> {
        var strategy = SimplySnapshotting<String>.lines.pullback { (map: FlowMap) in
            String(decoding: map.json(), as: UTF8.self)
        }
        strategy.pathExtension = "json"
        let lines = strategy.diffing
        strategy.diffing = .diff(
            toData: lines.toData, fromData: lines.fromData,
            diffV2: {
                (old: String, new: String) -> (String, [DiffAttachment])? in
                guard let (linesMessage, attachments) = lines.diffV2(old, new) else { return nil }
                guard let before = try? FlowMap(json: Data(old.utf8)), let after = try? FlowMap(json: Data(new.utf8))
                else { return (linesMessage, attachments) }
                guard before != after else { return nil }
                let message = """
                    The flow map changed (\(before.states.count) -> \(after.states.count) states, \
                    \(before.edges.count) -> \(after.edges.count) edges). Record it again with \
                    SNAPSHOT_TESTING_RECORD=all if the change is meant.
                    \(FlowMap.difference(from: before, to: after))
                    """
                return (message, attachments)
            })
        return strategy
    }
}

extension FlowMap {
    /// The states and edges that went (`-`) or appeared (`+`) from `old` to `new`, named by what a
    /// person sees and does, so that renumbering is no change (at most 40 of each kind are listed).
    static func difference(from old: FlowMap, to new: FlowMap) -> String {
        func states(_ map: FlowMap) -> [String] {
            map.states.map { "\($0.title) (\($0.template)) via \($0.clickPath.entries.map(\.description))" }
        }
        func edges(_ map: FlowMap) -> [String] {
            let names = states(map)
            return map.edges.map { edge in
                "\(names[edge.from]) --\(edge.label)--> \(edge.to.map { names[$0] } ?? "cut: \(edge.cut ?? "")")"
            }
        }
        var lines: [String] = []
        for (kind, before, after) in [("state", states(old), states(new)), ("edge", edges(old), edges(new))] {
            let went = Set(before).subtracting(after)
            let appeared = Set(after).subtracting(before)
            lines += went.sorted().prefix(40).map { "- \(kind) \($0)" }
            lines += appeared.sorted().prefix(40).map { "+ \(kind) \($0)" }
            if went.count > 40 || appeared.count > 40 {
                lines.append(
                    "  (\(went.count) \(kind)s went, \(appeared.count) appeared; the first 40 of each are shown)")
            }
        }
        return lines.isEmpty
            ? "(the same states and edges, in another order or numbering)" : lines.joined(separator: "\n")
    }
}
