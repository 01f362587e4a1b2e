import FlowCrawl
import Foundation

extension FlowMap.State {
    /// The name of the state's snapshots: its template and a digest of the click path that reaches
    /// it (`items-detail-3f09a6c2e4b1d7a0`), so that a state found elsewhere in the app renames
    /// no other. The `.html` snapshots of `assertAppSnapshot` and the pixel snapshots share it.
    public var snapshotName: String {
        let template = template.isEmpty ? "state" : template
        let name = String(template.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        // FNV-1a over the path's JSON (keys sorted): the same path gives the same name in every run
        // and process.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(clickPath)) ?? Data()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in json {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digest = String(hash, radix: 16)
        return name + "-" + String(repeating: "0", count: 16 - digest.count) + digest
    }
}
