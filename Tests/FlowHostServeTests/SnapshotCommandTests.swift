import ArgumentParser
import FlowCore
import FlowHostApp
import Foundation
import HTMLPresenter
import Testing

@testable import FlowHostServe

/// `snapshot` end to end on a small app in a package folder of its own (a list of swatches, each
/// pushing its detail), against Debian's Chromium: what it records, what a second run shoots,
/// what a changed template shows, and the failures it must make clear.
@Suite("flowhost snapshot, end to end", .serialized)
struct SnapshotCommandTests {
    enum SwatchStep: Step, Equatable {
        case list
        case detail(Int)
    }

    final class SwatchList: HTMLViewModel, Stepper {
        let steps = Steps()
        func templateValues(actions: ScreenActions) -> TemplateValue {
            [
                "swatches": .list(
                    (0..<3).map { ["number": .string("\($0)"), "open": actions.step(SwatchStep.detail($0))] })
            ]
        }
    }

    final class SwatchDetail: HTMLViewModel {
        let number: Int
        init(number: Int) { self.number = number }
        func templateValues(actions: ScreenActions) -> TemplateValue { ["number": .string("\(number)")] }
    }

    final class SwatchFlow: Flow {
        let navigation = HTMLNavigationController()
        var root: any Presentable { navigation }

        func navigate(to step: any Step) -> FlowContributors {
            switch step as? SwatchStep {
            case .list:
                let list = HTMLViewController(template: "swatches/list", viewModel: SwatchList(), title: "Swatches")
                navigation.setViewControllers([list])
                return .one(flowContributor: .contribute(withNext: list))
            case .detail(let number):
                navigation.pushViewController(
                    HTMLViewController(
                        template: "swatches/detail", viewModel: SwatchDetail(number: number), title: "Swatch \(number)")
                )
                return .none
            case nil:
                return .none
            }
        }
    }

    static let templates = [
        "swatches/list.mustache": """
        <ul class="list">{{#swatches}}<li><form method="post" action="{{open}}" class="action">
        <button type="submit" class="cell is-link"><span class="cell-title">Swatch {{number}}</span></button></form></li>{{/swatches}}</ul>
        """,
        "swatches/detail.mustache": """
        <div class="hero"><img class="thumb large" src="/public/swatch.svg" alt="" width="96" height="96">
        <h2 class="hero-title">Swatch {{number}}</h2></div>
        """,
    ]

    static let swatch = """
        <svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="20" fill="#0a84ff"/></svg>
        """

    /// A package folder: `Templates/` with `templates`, `Public/swatch.svg`.
    func package(_ templates: [String: String] = templates) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "SnapshotCommandTests-\(UUID())")
        for (name, text) in templates {
            let file = root.appending(path: "Templates/" + name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try FileManager.default.createDirectory(at: root.appending(path: "Public"), withIntermediateDirectories: true)
        try Data(Self.swatch.utf8).write(to: root.appending(path: "Public/swatch.svg"))
        return root
    }

    /// Runs `snapshot` with `arguments` for the swatch app of `package`; returns its exit status.
    func snapshot(_ package: URL, _ arguments: [String] = []) async throws -> Int32 {
        let app = AppDefinition(name: "Swatches", defaultFolders: { AppFolders(root: package) }) { folders in
            try WebApp(
                templates: try TemplateLibrary(directory: folders.templates.path),
                publicDirectory: folders.publicDirectory
            ) { window in
                let flow = SwatchFlow()
                window.rootViewController = flow.navigation
                let coordinator = FlowCoordinator()
                coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: SwatchStep.list))
                return coordinator
            }
        }
        let command = try SnapshotCommand.parse(arguments)
        do {
            try await AppDefinition.$current.withValue(app) { try await command.run() }
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        }
    }

    /// The report's `report.json` of `package`.
    func report(_ package: URL) throws -> (chromium: String, states: [[String: Any]]) {
        let data = try Data(contentsOf: package.appending(path: ".flowhost/snapshot-report/report.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try #require(json["chromium"] as? String), try #require(json["states"] as? [[String: Any]]))
    }

    func statuses(_ package: URL) throws -> [String: Int] {
        try report(package).states.reduce(into: [:]) { $0[$1["status"] as? String ?? "?", default: 0] += 1 }
    }

    @Test("a first run records every state; the next shoots none; --all shoots all again, byte for byte the same")
    func recordThenCompare() async throws {
        let package = try package()
        defer { try? FileManager.default.removeItem(at: package) }
        #expect(try await snapshot(package) == 1, "no baselines: every state is new")
        #expect(try statuses(package) == ["new": 4])
        #expect(try await snapshot(package, ["--record"]) == 0)
        let baselines = package.appending(path: "Snapshots")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: baselines.path).filter {
            $0.hasSuffix(".png")
        }
        #expect(pictures.count == 4, "the list and three details: \(pictures)")
        let recorded = try pictures.map { try Data(contentsOf: baselines.appending(path: $0)) }
        let image = try #require(recorded.first.map { try PNGImageSize(png: $0) })
        #expect(image == PNGImageSize(width: 780, height: 1688), "390 x 844 at 2x")

        #expect(try await snapshot(package) == 0)
        let (chromium, states) = try report(package)
        #expect(chromium.split(separator: ".").count == 4)
        #expect(states.count == 4 && states.allSatisfy { $0["status"] as? String == "same" })
        #expect(
            states.allSatisfy {
                Set($0.keys) == ["state", "screen", "status", "differentPixels", "expected", "actual", "diff"]
            })

        #expect(try await snapshot(package, ["--all"]) == 0, "shot again: the same pictures")
        #expect(try await snapshot(package, ["--all", "--record"]) == 0)
        let again = try pictures.map { try Data(contentsOf: baselines.appending(path: $0)) }
        #expect(again == recorded, "two runs, byte-identical PNGs")
    }

    @Test(
        "--every-screen shoots one state of each screen though its page is unchanged: a picture that no longer holds is found"
    )
    func everyScreen() async throws {
        let package = try package()
        defer { try? FileManager.default.removeItem(at: package) }
        #expect(try await snapshot(package, ["--record"]) == 0)
        // The list's picture replaced by a detail's, its page unchanged: what another machine's
        // rendering would look like. HTML first trusts the page's digest; shooting the list finds it.
        let snapshots = package.appending(path: "Snapshots")
        let names = try FileManager.default.contentsOfDirectory(atPath: snapshots.path)
        let list = try #require(names.first { $0.hasPrefix("swatches-list-") })
        let detail = try #require(names.first { $0.hasPrefix("swatches-detail-") })
        try FileManager.default.removeItem(at: snapshots.appending(path: list))
        try FileManager.default.copyItem(at: snapshots.appending(path: detail), to: snapshots.appending(path: list))
        #expect(try await snapshot(package) == 0, "nothing shot: the pages are unchanged")
        #expect(try await snapshot(package, ["--every-screen"]) == 1)
        let states = try report(package).states
        #expect(states.first?["state"] as? String == String(list.dropLast(4)))
        #expect(try statuses(package) == ["changed": 1, "same": 3])
    }

    @Test(
        "a changed template: only its states are shot and listed as changed, with a diff; a gone and a new state are listed"
    )
    func changedTemplate() async throws {
        let package = try package()
        defer { try? FileManager.default.removeItem(at: package) }
        #expect(try await snapshot(package, ["--record"]) == 0)
        var changed = Self.templates
        changed["swatches/detail.mustache"] = changed["swatches/detail.mustache"]!.replacing(
            "<h2 class=\"hero-title\">", with: "<h2 class=\"hero-title\">Big ")
        try Data(changed["swatches/detail.mustache"]!.utf8).write(
            to: package.appending(path: "Templates/swatches/detail.mustache"))
        #expect(try await snapshot(package) == 1)
        let states = try report(package).states
        let changedStates = states.filter { $0["status"] as? String == "changed" }
        #expect(changedStates.count == 3, "the three details: \(states)")
        #expect(changedStates.allSatisfy { ($0["differentPixels"] as? Int ?? 0) > 0 })
        #expect(states.first?["status"] as? String == "changed", "changed states first")
        let report = package.appending(path: ".flowhost/snapshot-report")
        for state in changedStates {
            for key in ["expected", "actual", "diff"] {
                let path = try #require(state[key] as? String)
                #expect(FileManager.default.fileExists(atPath: report.appending(path: path).path), "\(key): \(path)")
            }
        }
        let page = try String(contentsOf: report.appending(path: "index.html"), encoding: .utf8)
        #expect(page.contains("--record") && page.contains(#"type="range""#))
        #expect(HTMLValidator.problems(in: page) == [], "the report is valid HTML")

        // The list changed too: recorded, with the details.
        changed["swatches/list.mustache"] = Self.templates["swatches/list.mustache"]!.replacing(
            "Swatch {{number}}", with: "Colour {{number}}")
        try Data(changed["swatches/list.mustache"]!.utf8).write(
            to: package.appending(path: "Templates/swatches/list.mustache"))
        #expect(try await snapshot(package, ["--record"]) == 0)
        #expect(try statuses(package) == ["changed": 4])
        #expect(try await snapshot(package) == 0, "recorded: the same")

        // A baseline under a name no state has: that one is gone, and its state new.
        let snapshots = package.appending(path: "Snapshots")
        let detail = try #require(
            try FileManager.default.contentsOfDirectory(atPath: snapshots.path).first {
                $0.hasPrefix("swatches-detail-")
            })
        try FileManager.default.moveItem(
            at: snapshots.appending(path: detail), to: snapshots.appending(path: "swatches-detail-0123456789abcdef.png")
        )
        #expect(try await snapshot(package) == 1)
        #expect(try statuses(package) == ["gone": 1, "new": 1, "same": 3])
        #expect(try await snapshot(package, ["--record"]) == 0)
        #expect(
            !FileManager.default.fileExists(
                atPath: snapshots.appending(path: "swatches-detail-0123456789abcdef.png").path))
        #expect(try await snapshot(package) == 0)
    }

    @Test(
        "failures are clear and said before any work: no Chromium, a baseline that is no PNG, a folder that cannot be written"
    )
    func failures() async throws {
        let package = try package()
        defer { try? FileManager.default.removeItem(at: package) }
        #expect(try await snapshot(package, ["--chromium", "/nonexistent/chromium"]) == 2)

        let snapshots = package.appending(path: "Snapshots")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try Data("not a picture".utf8).write(to: snapshots.appending(path: "swatches-list-0000000000000000.png"))
        #expect(try await snapshot(package) == 2)
        #expect(
            !FileManager.default.fileExists(
                atPath: package.appending(path: ".flowhost/snapshot-report/report.json").path),
            "stopped before any work")
        try FileManager.default.removeItem(at: snapshots)

        // A folder under a file: not even root can write there.
        try Data().write(to: package.appending(path: "file"))
        #expect(
            try await snapshot(package, ["--record", "--baseline", package.appending(path: "file/Snapshots").path]) == 2
        )
        #expect(try await snapshot(package, ["--report", package.appending(path: "file/report").path]) == 2)
        #expect(
            try await snapshot(package, ["--report", package.appending(path: "Templates").path]) == 2,
            "a folder of other files")
    }
}

/// A PNG's size, read from its header.
struct PNGImageSize: Equatable {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init(png: Data) throws {
        let bytes = [UInt8](png.prefix(24))
        try #require(bytes.count == 24 && bytes[12..<16] == [0x49, 0x48, 0x44, 0x52])
        width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    }
}
