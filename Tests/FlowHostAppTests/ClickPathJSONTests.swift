import FlowHostApp
import Foundation
import HTMLPresenter
import Testing

@Suite("A click path entry's JSON, as a store appends it")
struct ClickPathJSONTests {
    static let list = ScreenPosition(layer: 0, path: [0, 2], template: "movies/list")
    static let awkward = "quote \" backslash \\ slash / newline \n tab \t bell \u{07} nul \u{00} é 🎬 \u{2028}"

    static let entries: [ClickPath.Entry] = [
        .action(ActionPosition(screen: list, index: 3), fields: FormFields()),
        .action(
            ActionPosition(screen: ScreenPosition(layer: 2, path: [], template: nil), index: 0),
            fields: FormFields([
                .init(name: "email", value: awkward),
                .init(name: "password", value: "s3cret\"", isSecret: true),
                .init(name: awkward, value: ""),
            ])),
        .reveal(list),
        .reveal(ScreenPosition(layer: 1, path: [4, 0, 12], template: nil)),
        .deepLink("movies/3"),
        .deepLink(awkward),
        .liveMove,
    ]

    @Test("reads back as the same entry", arguments: entries)
    func readsBack(_ entry: ClickPath.Entry) throws {
        #expect(try JSONDecoder().decode(ClickPath.Entry.self, from: Data(entry.json.utf8)) == entry)
    }

    @Test("is the object JSONEncoder writes (paths stored before read the same)", arguments: entries)
    func sameAsEncoder(_ entry: ClickPath.Entry) throws {
        let ours = try JSONSerialization.jsonObject(with: Data(entry.json.utf8)) as? NSDictionary
        let encoder = try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? NSDictionary
        #expect(ours != nil)
        #expect(ours == encoder)
    }
}
