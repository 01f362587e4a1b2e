import FlowCrawl
import Foundation
import Testing

/// The whole sample's flow graph as a committed snapshot: a change to any screen, button or step
/// shows here as the states and edges that appeared or went. Recorded like the HTML snapshots: a
/// missing file is written locally (run again), `SNAPSHOT_TESTING_RECORD=all` rewrites it, and CI
/// (`SNAPSHOT_TESTING_RECORD=never`) records nothing.
@MainActor
@Suite("The sample's flow map snapshot")
struct FlowMapSnapshotTests {
    static let file = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "__Snapshots__/FlowMapSnapshotTests/sample-map.json")

    @Test("the sample's flow map is the committed one")
    func sampleMap() async throws {
        let map = try await SampleCrawl.crawl().map
        let record = ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"]
        guard let committed = try? Data(contentsOf: Self.file), record != "all" else {
            guard record != "never" else {
                Issue.record("No flow map snapshot at \(Self.file.path), and SNAPSHOT_TESTING_RECORD=never")
                return
            }
            try map.json().write(to: Self.file)
            Issue.record("Recorded the flow map snapshot at \(Self.file.path): run again")
            return
        }
        let old = try FlowMap(json: committed)
        guard old != map else { return }
        Issue.record(
            """
            The sample's flow map changed (\(old.states.count) -> \(map.states.count) states, \
            \(old.edges.count) -> \(map.edges.count) edges). Record it again with SNAPSHOT_TESTING_RECORD=all \
            if the change is meant.
            \(Self.difference(from: old, to: map))
            """)
    }

    /// States and edges named by what a person sees and does, so that renumbering is no change.
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
