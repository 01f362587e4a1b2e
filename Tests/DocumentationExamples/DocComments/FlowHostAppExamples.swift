import FlowHostApp
import Foundation
import HTMLPresenter
import Testing

// The examples of FlowHostApp's doc comments (click paths, package folders), compiled and run.

@Suite("Click path doc comment examples")
struct ClickPathExamples {
    @Test("a click path encodes to data and back")
    func encodes() throws {
        // example: Sources/FlowHostApp/ClickPath/ClickPath.swift
        let list = ScreenPosition(layer: 0, path: [0], template: "movies/list")
        var path = ClickPath()
        path.entries.append(.action(ActionPosition(screen: list, index: 3), fields: FormFields()))
        let data = try JSONEncoder().encode(path)  // what a share link or the store keeps
        // end of example
        #expect(try JSONDecoder().decode(ClickPath.self, from: data) == path)
    }

    @Test("a click path entry's JSON, as a store appends it")
    func entryJSON() {
        // example: Sources/FlowHostApp/ClickPath/ClickPath+JSON.swift
        let entry = ClickPath.Entry.deepLink("movies/3")
        let row = entry.json  // {"deepLink":{"_0":"movies/3"}}
        // end of example
        #expect(row == #"{"deepLink":{"_0":"movies/3"}}"#)
    }

    @Test("a screen position names a place in the window and its template")
    func position() {
        // example: Sources/HTMLPresenter/ScreenTree/ScreenPosition.swift
        // Movies tab > stack: list, detail — the detail screen:
        let detail = ScreenPosition(layer: 0, path: [0, 1], template: "movies/detail")
        // end of example
        #expect(detail.description == "layer 0 / 0.1 (movies/detail)")
    }
}

@Suite("Package folder doc comment examples")
struct AppFoldersExamples {
    @Test("the folders of the package that holds a file")
    func appFolders() throws {
        // example: Sources/FlowHostApp/Package/AppFolders.swift
        let folders = try AppFolders(packageContaining: #filePath)
        let templates = try TemplateLibrary(directory: folders.templates.path)
        // end of example
        #expect(templates.names.contains("movies/list"))  // FlowHost's own Templates/, the sample's
    }
}
